import { describe, expect, it } from 'vitest';
import { applyCustomInputUpdates, isCsvFileName, parseCustomInput, uploadCustomInput } from './custom-input.js';
import type { PlayerRow } from './player-edits.js';

const players = (): PlayerRow[] => [
  { Id: '11', Name: 'A', Position: 'QB', TeamAbbrev: 'KC', Opp: 'DET', Salary: 8000, ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100 },
  { Id: '12', Name: 'B', Position: 'RB', TeamAbbrev: 'KC', Opp: 'DET', Salary: 6000, ProjPts: 14, ProjOwn: 20, MinExp: 0, MaxExp: 100 },
];

describe('parseCustomInput', () => {
  it('requires an Id or ID heading', () => {
    expect(parseCustomInput('Name,ProjPts\nA,3')).toEqual({ ok: false, message: 'No ID heading', updates: [] });
    expect(parseCustomInput('ID,ProjPts\n11,3').ok).toBe(true);
    expect(parseCustomInput('id,ProjPts\n11,3').message).toBe('No ID heading');
  });

  it('requires one of ProjPts, MinExp, MaxExp', () => {
    const result = parseCustomInput('Id,Name,ProjOwn\n11,A,5');
    expect(result.ok).toBe(false);
    expect(result.message).toBe('No ProjPts, MinExp or MaxExp heading');
    expect(result.updates).toEqual([]);
    expect(parseCustomInput('Id,MaxExp\n11,5').ok).toBe(true);
  });

  it('reads values, ignoring empty and unusable cells', () => {
    const csv = [
      'Id,Name,Position,ProjPts,ProjOwn,MinExp,MaxExp',
      '11,A,QB,22.5,,,',
      '12,B,RB,,15,10,50',
      '13,C,WR,,,,',
      '14,D,TE,-3,120,abc,',
      ',E,TE,5,,,',
    ].join('\n');
    expect(parseCustomInput(csv)).toEqual({
      ok: true,
      updates: [
        { Id: '11', ProjPts: 22.5 },
        { Id: '12', ProjOwn: 15, MinExp: 10, MaxExp: 50 },
      ],
    });
  });

  it('trims headings and handles quoted cells and CRLF', () => {
    const csv = ' Id , ProjPts \r\n"11","7"\r\n';
    expect(parseCustomInput(csv).updates).toEqual([{ Id: '11', ProjPts: 7 }]);
  });
});

describe('applying custom input', () => {
  it('stores the house projection when the projection changes', () => {
    const result = applyCustomInputUpdates(players(), [{ Id: '11', ProjPts: 25 }, { Id: '12', MinExp: 10, MaxExp: 40, ProjOwn: 30 }, { Id: '99', ProjPts: 1 }]);
    expect(result[0]).toMatchObject({ ProjPts: 25, UserProj: 25, HouseProjPts: 20 });
    expect(result[1]).toMatchObject({ MinExp: 10, MaxExp: 40, ProjOwn: 30, UserOwn: 30, HouseOwn: 20, ProjPts: 14 });
  });

  it('uploads in one step and leaves players alone when it stops', () => {
    const ok = uploadCustomInput('Id,ProjPts\n12,3', players());
    expect(ok.ok).toBe(true);
    expect(ok.players[1]?.ProjPts).toBe(3);
    const stopped = uploadCustomInput('Name,ProjPts\nB,3', players());
    expect(stopped.ok).toBe(false);
    expect(stopped.players).toEqual(players());
  });

  it('accepts CSV files only', () => {
    expect(isCsvFileName('input.CSV')).toBe(true);
    expect(isCsvFileName('input.xlsx')).toBe(false);
  });
});
