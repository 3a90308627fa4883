import { describe, expect, it } from 'vitest';
import { CLASSIC_POSITION_FILTERS, leveragePanels, lineupStack, matchesPositionFilter, ownershipRanges, showdownPositionFilters, stacksBreakdown, stackSizeShares } from './post-build.js';

const p = (Id: string, Position: string, TeamAbbrev: string, ProjOwn = 10) => ({ Id, Name: `N${Id}`, Position, TeamAbbrev, ProjOwn });

describe('post-build analysis', () => {
  it('lists the top 5 overweight and underweight players by leverage, to 2 decimals', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ Id: `o${i}`, Exp: 20 + i, ProjOwn: 10 }))
      .concat(Array.from({ length: 6 }, (_, i) => ({ Id: `u${i}`, Exp: 0, ProjOwn: 5.555 + i })))
      .concat([{ Id: 'even', Exp: 10, ProjOwn: 10 }]);
    const { overweight, underweight } = leveragePanels(rows);
    expect(overweight.map((r) => [r.Id, r.Leverage])).toEqual([['o6', 16], ['o5', 15], ['o4', 14], ['o3', 13], ['o2', 12]]);
    expect(underweight.map((r) => [r.Id, r.Leverage])).toEqual([['u5', -10.56], ['u4', -9.56], ['u3', -8.56], ['u2', -7.56], ['u1', -6.56]]);
  });

  it('filters the Player Breakdown by position, FLEX and captain', () => {
    expect(CLASSIC_POSITION_FILTERS).toEqual(['ALL', 'QB', 'RB', 'WR', 'TE', 'FLEX', 'DST']);
    expect(showdownPositionFilters('CPT')).toEqual(['ALL', 'CPT', 'FLEX', 'QB', 'RB', 'WR', 'TE', 'DST', 'K']);
    expect(matchesPositionFilter({ Position: 'WR' }, 'FLEX', false)).toBe(true);
    expect(matchesPositionFilter({ Position: 'QB' }, 'FLEX', false)).toBe(false);
    expect(matchesPositionFilter({ Position: 'D' }, 'DST', false)).toBe(true);
    expect(matchesPositionFilter({ Position: 'QB', RosterPosition: 'CPT' }, 'CPT', true)).toBe(true);
    expect(matchesPositionFilter({ Position: 'QB', RosterPosition: 'FLEX' }, 'CPT', true)).toBe(false);
    expect(matchesPositionFilter({ Position: 'QB', RosterPosition: 'FLEX' }, 'FLEX', true)).toBe(true);
    expect(matchesPositionFilter({ Position: 'K', RosterPosition: 'MVP' }, 'K', true)).toBe(true);
  });

  it('breaks the build down by QB stack, DST excluded, keyed by the QB and teammate ids', () => {
    const qb = p('q', 'QB', 'KC', 20);
    const wr = p('w', 'WR', 'KC', 30);
    const te = p('t', 'TE', 'KC', 15);
    const dst = p('d', 'DST', 'KC', 5);
    const rb = p('r', 'RB', 'BUF', 40);
    const lineups = [[qb, wr, dst, rb], [qb, te, wr], [qb, wr, rb], [qb, rb]];
    expect(stacksBreakdown(lineups)).toEqual([
      { key: 'q-w', QB: 'Nq', Team: 'KC', Players: ['Nw'], Size: 1, Count: 2, Exp: 50 },
      { key: 'q-t-w', QB: 'Nq', Team: 'KC', Players: ['Nt', 'Nw'], Size: 2, Count: 1, Exp: 25 },
    ]);
    expect(stackSizeShares(lineups)).toEqual([
      { Stack: 'No stack', Count: 1, Pct: 25 }, { Stack: 'QB+1', Count: 2, Pct: 50 }, { Stack: 'QB+2', Count: 1, Pct: 25 }, { Stack: 'QB+3 or more', Count: 0, Pct: 0 },
    ]);
    // Totals 95, 65, 90, 60: 60 is in 60–80 (lower bound inclusive).
    expect(ownershipRanges(lineups).filter((r) => r.Count > 0)).toEqual([{ Range: '60–80%', Count: 2, Pct: 50 }, { Range: '80–100%', Count: 2, Pct: 50 }]);
  });
});

describe('lineupStack', () => {
  const row = (id: string, team: string) => ({ Id: id, TeamAbbrev: team, Position: 'WR' });
  it('lists teams with two or more players, largest first', () => {
    const stack = lineupStack([row('1', 'BUF'), row('2', 'KC'), row('3', 'KC'), row('4', 'BUF'), row('5', 'KC'), row('6', 'MIA'), row('7', 'KC')]);
    expect(stack).toEqual({ label: 'KC 4 · BUF 2', team: 'KC', size: 4, shape: [4, 2] });
  });
  it('says no stack when every player is from another team', () => {
    expect(lineupStack([row('1', 'BUF'), row('2', 'KC'), row('3', 'MIA')])).toEqual({ label: 'No stack', team: '', size: 1, shape: [] });
  });
  it('breaks ties between equal stacks by team name', () => {
    expect(lineupStack([row('1', 'MIA'), row('2', 'MIA'), row('3', 'BUF'), row('4', 'BUF')]).label).toBe('BUF 2 · MIA 2');
  });
});
