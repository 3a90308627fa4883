import { describe, expect, it } from 'vitest';
import { isCaptainRosterPosition, playersForContest, showdownPlayers, siteId } from './showdown.js';

const rows = [
  { Id: '11', Name: 'A', RosterPosition: 'CPT', ProjPts: 10, Ceiling: 20, HouseProjPts: 10 },
  { Id: '11', Name: 'A', RosterPosition: 'FLEX', ProjPts: 10, Ceiling: 20 },
];

describe('showdown players', () => {
  it('makes Id|RosterPosition and scales the captain by 1.5', () => {
    const out = showdownPlayers(rows);
    expect(out.map((r) => r.Id)).toEqual(['11|CPT', '11|FLEX']);
    expect(out[0]).toMatchObject({ ProjPts: 15, Ceiling: 30, HouseProjPts: 15 });
    expect(out[1]).toMatchObject({ ProjPts: 10, Ceiling: 20 });
  });
  it('is idempotent', () => {
    const once = showdownPlayers(rows);
    expect(showdownPlayers(once)).toEqual(once);
  });
  it('knows every site captain label', () => {
    expect(['CPT', 'MVP', 'SUPERSTAR', 'MVP - 1.5X Points'].every(isCaptainRosterPosition)).toBe(true);
    expect(isCaptainRosterPosition('FLEX')).toBe(false);
  });
  it('leaves classic rows alone and strips the suffix for the site', () => {
    expect(playersForContest('nfl', 'dk', 'classic', rows)[0]!.Id).toBe('11');
    expect(siteId('11|CPT')).toBe('11');
  });
});

describe('showdown custom input', () => {
  it('applies a bare-Id row to every roster position, the captain × 1.5', async () => {
    const { showdownCustomInputUpdates } = await import('./showdown.js');
    const players = showdownPlayers(rows);
    const out = showdownCustomInputUpdates([{ Id: '11', ProjPts: 12, MaxExp: 50 }, { Id: '99', ProjPts: 1 }], players);
    expect(out).toEqual([
      { Id: '11|CPT', ProjPts: 18, MaxExp: 50 },
      { Id: '11|FLEX', ProjPts: 12, MaxExp: 50 },
      { Id: '99', ProjPts: 1 },
    ]);
  });

  it('a file of the players\' own projections puts the page back where the fetch left it: the captain counted once', async () => {
    const { showdownCustomInputUpdates } = await import('./showdown.js');
    const { applyCustomInputUpdates } = await import('./custom-input.js');
    // The fetched rows (each row's own points), as the page holds them after the fetch.
    const fetched = [
      { Id: '11', Name: 'A', Position: 'QB', TeamAbbrev: 'KC', Opp: 'BUF', ProjOwn: 10, Salary: 15000, RosterPosition: 'CPT', ProjPts: 20, MinExp: 0, MaxExp: 100 },
      { Id: '11', Name: 'A', Position: 'QB', TeamAbbrev: 'KC', Opp: 'BUF', ProjOwn: 10, Salary: 10000, RosterPosition: 'FLEX', ProjPts: 20, MinExp: 0, MaxExp: 100 },
    ];
    const page = showdownPlayers(fetched);
    const updates = showdownCustomInputUpdates([{ Id: '11', ProjPts: 20 }], page);
    const applied = applyCustomInputUpdates(page, updates);
    expect(applied.map((r) => r.ProjPts)).toEqual(page.map((r) => r.ProjPts));
    expect(applied.find((r) => r.Id === '11|CPT')!.ProjPts).toBe(30);
    // No key the file did not give: a row without ProjPts sets no projection.
    expect(showdownCustomInputUpdates([{ Id: '11', MaxExp: 40 }], page)).toEqual([{ Id: '11|CPT', MaxExp: 40 }, { Id: '11|FLEX', MaxExp: 40 }]);
    expect(Object.keys(showdownCustomInputUpdates([{ Id: '11', MaxExp: 40 }], page)[0]!)).not.toContain('ProjPts');
  });
});
