import { describe, expect, it } from 'vitest';
import { PRE_BUILD_ISSUES_BANNER } from './messages.js';
import {
  availableStackPercents, preBuildBanner, preBuildWarnings, requiredStackPercents, type PreBuildPlayer,
} from './pre-build-warnings.js';
import { resolveSettings } from './settings.js';

const NFL = { sport: 'nfl', site: 'dk', contestType: 'classic' } as const;
const codes = (w: { code: string }[]) => w.map((x) => x.code);

/** Two teams in one game: QB, 2 RB, 3 WR, TE, DST each, at the given exposures and ownership. */
function game(maxExp = 100, own = 30): PreBuildPlayer[] {
  const out: PreBuildPlayer[] = [];
  for (const [team, opp] of [['AAA', 'BBB'], ['BBB', 'AAA']] as const) {
    for (const position of ['QB', 'RB', 'RB', 'WR', 'WR', 'WR', 'TE', 'DST']) {
      out.push({ Position: position, TeamAbbrev: team, Opp: opp, ProjOwn: own, MinExp: 0, MaxExp: maxExp });
    }
  }
  return out;
}
// No stacks asked, so that only the rule under test can fire.
const NO_STACKS = { teamStackPct: 0, gameStackPct: 0, force2FlexStck: 0, noStackPct: 0 };

describe('pre-build warnings fire exactly at their thresholds', () => {
  it('no-stack plus team-stack over 100 %', () => {
    expect(codes(preBuildWarnings(NFL, game(), { ...NO_STACKS, teamStackPct: 0.6, noStackPct: 0.4 }))).toEqual([]);
    const w = preBuildWarnings(NFL, game(), { ...NO_STACKS, teamStackPct: 0.6, noStackPct: 0.41 });
    expect(codes(w)).toEqual(['stack-percent-over-100']);
    expect(w[0]!.message).toBe('No-stack (41%) plus team-stack (60%) is over 100%.');
    expect(w[0]!.canFailBuild).toBe(false);
    expect(preBuildBanner(w)).toBe(PRE_BUILD_ISSUES_BANNER);
    expect(preBuildBanner([])).toBeNull();
  });

  it('flex shares below 100 %, nfl classic only', () => {
    expect(codes(preBuildWarnings(NFL, game(), { ...NO_STACKS, rbFlexPct: 0.5, wrFlexPct: 0.3, teFlexPct: 0.2 }))).toEqual([]);
    expect(codes(preBuildWarnings(NFL, game(), { ...NO_STACKS, rbFlexPct: 0.5, wrFlexPct: 0.3, teFlexPct: 0.19 }))).toEqual(['flex-shares-below-100']);
    expect(codes(preBuildWarnings({ ...NFL, contestType: 'showdown' }, game(), { rbFlexPct: 0, wrFlexPct: 0, teFlexPct: 0 }))).toEqual([]);
  });

  it('ownership brackets: under and over exposure against minUnderOwn and maxUnderOwn', () => {
    // Four players under 2.5 % owned at MaxExp 50: at most 2 a lineup on average.
    const players = game().map((p, i) => (i < 4 ? { ...p, ProjOwn: 2, MaxExp: 50 } : p));
    expect(codes(preBuildWarnings(NFL, players, { ...NO_STACKS, minUnderOwn_1: 2 }))).toEqual([]);
    const under = preBuildWarnings(NFL, players, { ...NO_STACKS, minUnderOwn_1: 2.01 });
    expect(codes(under)).toEqual(['bracket-under-exposed']);
    expect(under[0]!.message).toContain('under 2.5% owned');
    // UserOwn counts instead of ProjOwn; MaxExp 0 players do not count.
    const user = players.map((p, i) => (i === 0 ? { ...p, UserOwn: 40 } : i === 1 ? { ...p, MaxExp: 0 } : p));
    expect(codes(preBuildWarnings(NFL, user, { ...NO_STACKS, minUnderOwn_1: 1.01 }))).toEqual(['bracket-under-exposed']);
    expect(codes(preBuildWarnings(NFL, user, { ...NO_STACKS, minUnderOwn_1: 1 }))).toEqual([]);
    // Min exposures 60 % on five players under 10 %: at least 3 a lineup.
    const forced = game().map((p, i) => (i < 5 ? { ...p, ProjOwn: 8, MinExp: 60 } : p));
    expect(codes(preBuildWarnings(NFL, forced, { ...NO_STACKS, maxUnderOwn_3: 3 }))).toEqual([]);
    expect(codes(preBuildWarnings(NFL, forced, { ...NO_STACKS, maxUnderOwn_3: 2.99 }))).toEqual(['bracket-over-exposed']);
    // The 18 % bracket holds them too (every bracket they fall below).
    expect(codes(preBuildWarnings(NFL, forced, { ...NO_STACKS, maxUnderOwn_4: 2.99 }))).toEqual(['bracket-over-exposed']);
  });

  it('stacks and game stacks short by more than 2.5 points', () => {
    // Default basic rules: stacks in 95 % of lineups, game stacks in 50 %.
    const settings = resolveSettings('nfl', 'dk', 'classic');
    expect(requiredStackPercents(settings).stacks).toBeCloseTo(95, 9);
    expect(requiredStackPercents(settings).gameStacks).toBeCloseTo(50, 9);
    // Two QBs capped so that stacks are available in exactly 92.5 % (shortfall 2.5): no warning.
    const capQBs = (total: number) => game().map((p) => (p.Position === 'QB' ? { ...p, MaxExp: total / 2 } : p));
    expect(availableStackPercents(capQBs(92.5)).stacks).toBeCloseTo(92.5, 9);
    expect(codes(preBuildWarnings(NFL, capQBs(92.5), {}))).toEqual([]);
    const short = preBuildWarnings(NFL, capQBs(92.4), {});
    expect(codes(short)).toEqual(['stacks-under-exposed']);
    expect(short[0]!.message).toContain('2.6%');
    // Game stacks: bring-backs forbidden for one team halve what is available.
    const flags = [{ TeamAbbrev: 'AAA', AllowGameStack: false }];
    expect(availableStackPercents(capQBs(100), flags).gameStacks).toBe(50);
    expect(codes(preBuildWarnings(NFL, capQBs(100), {}, flags))).toEqual([]);
    expect(codes(preBuildWarnings(NFL, capQBs(100), { gameStackPct: 0.6 }, flags))).toEqual(['game-stacks-under-exposed']);
  });

  it('team limits: over and under exposure of flex, players, RB, WR and TE can fail the build', () => {
    const players = game().map((p) => (p.TeamAbbrev === 'AAA' && p.Position === 'WR' ? { ...p, MinExp: 50 } : p));
    // 1.5 WRs of AAA a lineup at the min exposures.
    expect(codes(preBuildWarnings(NFL, players, NO_STACKS, [{ TeamAbbrev: 'AAA', TotalMaxWRs: 1.5 }]))).toEqual([]);
    const over = preBuildWarnings(NFL, players, NO_STACKS, [{ TeamAbbrev: 'AAA', TotalMaxWRs: 1 }]);
    expect(over.map((w) => [w.code, w.team, w.canFailBuild])).toEqual([['team-over-exposed', 'AAA', true]]);
    expect(over[0]!.message).toBe('AAA is over-exposed: min exposures put 1.5 WRs per lineup, above TotalMaxWRs 1. This can fail the build.');
    // Flex counts RB + WR + TE, players count everyone.
    expect(codes(preBuildWarnings(NFL, players, NO_STACKS, [{ TeamAbbrev: 'AAA', TotalMaxFlex: 1, TotalMaxPlayers: 1 }]))).toEqual(['team-over-exposed', 'team-over-exposed']);
    // Under: BBB's TEs (one at MaxExp 40) cannot reach TotalMinTEs 0.5.
    const capped = game().map((p) => (p.TeamAbbrev === 'BBB' && p.Position === 'TE' ? { ...p, MaxExp: 40 } : p));
    expect(codes(preBuildWarnings(NFL, capped, NO_STACKS, [{ TeamAbbrev: 'BBB', TotalMinTEs: 0.4 }]))).toEqual([]);
    const under = preBuildWarnings(NFL, capped, NO_STACKS, [{ TeamAbbrev: 'BBB', TotalMinTEs: 0.5, TotalMinRBs: 2 }]);
    expect(under.map((w) => [w.code, w.team, w.canFailBuild])).toEqual([['team-under-exposed', 'BBB', true]]);
  });
});
