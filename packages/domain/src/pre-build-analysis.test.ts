import { describe, expect, it } from 'vitest';
import { ownershipBreakdown, outsideWinningRange, playerBreakdown, positionalBreakdown, teamBreakdown } from './pre-build-analysis.js';
import { getRoster } from './roster.js';

const p = (Id: string, Position: string, TeamAbbrev: string, Opp: string, ProjOwn: number, MinExp = 0, MaxExp = 100) =>
  ({ Id, Name: `N${Id}`, Position, TeamAbbrev, Opp, ProjOwn, MinExp, MaxExp });

describe('pre-build analysis', () => {
  const roster = getRoster('nfl', 'dk', 'classic');

  it('counts each position and what is left for the flex slot, with the under-exposed tooltip', () => {
    // dk classic: QB, RB×2, WR×3, TE, FLEX, DST. RB max 100+60+50 = 210 → 10 for flex; WR 3×100 → 0; TE 50 → 0.
    const players = [p('q', 'QB', 'KC', 'BUF', 10), p('r1', 'RB', 'KC', 'BUF', 10), p('r2', 'RB', 'BUF', 'KC', 10, 0, 60), p('r3', 'RB', 'BUF', 'KC', 10, 0, 50),
      p('w1', 'WR', 'KC', 'BUF', 10), p('w2', 'WR', 'KC', 'BUF', 10), p('w3', 'WR', 'BUF', 'KC', 10), p('t', 'TE', 'KC', 'BUF', 10, 0, 50),
      p('x', 'WR', 'BUF', 'KC', 10, 0, 0)];
    const { rows, flex } = positionalBreakdown(players, roster);
    const rb = rows.find((r) => r.Position === 'RB')!;
    expect(rb).toEqual({ Position: 'RB', Players: 3, Slots: 2, MinExpTotal: 0, MaxExpTotal: 210, FlexExposure: 10 });
    expect(rows.find((r) => r.Position === 'WR')).toMatchObject({ Players: 3, FlexExposure: 0 });
    expect(rows.find((r) => r.Position === 'QB')).toMatchObject({ FlexExposure: null });
    expect(flex).toEqual({ available: 10, needed: 100, shortfall: 90, tooltip: 'Under-exposed to flex. Need an additional 90% of exposure.' });
  });

  it('buckets players by ownership with their most and least per lineup', () => {
    const rows = ownershipBreakdown([p('a', 'WR', 'KC', 'BUF', 2, 10, 50), p('b', 'WR', 'KC', 'BUF', 7, 0, 100), p('c', 'WR', 'KC', 'BUF', 1, 0, 0)]);
    expect(rows[0]).toEqual({ Bucket: 2.5, Players: 1, MostPerLineup: 0.5, LeastPerLineup: 0.1 });
    expect(rows[2]).toEqual({ Bucket: 10, Players: 2, MostPerLineup: 1.5, LeastPerLineup: 0.1 });
  });

  it('lists players with set exposures by planned leverage', () => {
    const rows = playerBreakdown([p('a', 'WR', 'KC', 'BUF', 12.345, 30), p('b', 'RB', 'KC', 'BUF', 20, 0, 5), p('c', 'TE', 'KC', 'BUF', 5)]);
    expect(rows.map((r) => [r.Id, r.Planned, r.Leverage])).toEqual([['a', 30, 17.66], ['b', 5, -15]]);
  });

  it('flags teams whose stack or bring-back partners cannot cover the QB', () => {
    const players = [p('q', 'QB', 'KC', 'BUF', 10, 0, 60), p('w', 'WR', 'KC', 'BUF', 10, 0, 30), p('r', 'RB', 'BUF', 'KC', 10, 0, 20)];
    const kc = teamBreakdown(players, { teamStackPct: 0.9, gameStackPct: 0.5 }).find((t) => t.TeamAbbrev === 'KC')!;
    // Stack needs 60 × 0.9 = 54 of partners, has 30 → 24; game stack 30 of BUF partners, has 20 → 10.
    expect(kc).toMatchObject({ QBExp: 60, PartnerExp: 30, OppPartnerExp: 20, StackShortfall: 24, GameStackShortfall: 10 });
    expect(kc.tooltip).toBe('Under-exposed to flex. Need an additional 24% of exposure.');
    expect(kc.oppTooltip).toBe('Under-exposed to opponent flex. Need an additional 10% of exposure.');
    // A shortfall within 2.5 is no warning.
    const ok = teamBreakdown([p('q', 'QB', 'KC', 'BUF', 10, 0, 50), p('w', 'WR', 'KC', 'BUF', 10, 0, 43)], { teamStackPct: 0.9 })[0]!;
    expect([ok.StackShortfall, ok.tooltip]).toEqual([0, null]);
  });

  it('turns the winning range red outside the historical min and max', () => {
    expect(outsideWinningRange(3, { Min: 2, Max: 4 })).toBe(false);
    expect(outsideWinningRange(5, { Min: 2, Max: 4 })).toBe(true);
    expect(outsideWinningRange(1, { Min: 2, Max: 4 })).toBe(true);
    expect(outsideWinningRange(1, undefined)).toBe(false);
  });
});
