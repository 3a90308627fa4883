// nfl stacks over 150-lineup builds on the benchmark slate: each rule's share and shape,
// the Team Stacks flags and limits, RB share, second game stack, RB + DST, the advanced
// table with a fallback, checked against the rules text (test-support/stack-checks.ts).
import { basicStackRules, getRoster, resolveSettings, type BuildSettings, type NflStackRule, type TeamStackRow } from '@stacksmith/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { collect, defenceFacesQB, lineupProblems, lineupRows } from '../test-support/lineup-checks.js';
import { benchSlate } from '../test-support/random-pool.js';
import {
  bringBacks, hasRbAndDst, hasSecondGameStack, nflRuleProblems, nflShape, NO_STACKS, partners, teamFlagProblems, teamLimitProblems,
} from '../test-support/stack-checks.js';
import { largestRemainder } from './plan.js';
import { createBranchAndBoundSolver } from './solvers/branch-and-bound.js';
import type { BuildRequest, Lineup, MipSolver } from './types.js';

const NFL = getRoster('nfl', 'dk', 'classic');
const N = 150;
const slate = benchSlate('nfl-dk-classic');

const request = (settings: Partial<BuildSettings>, extra: Partial<BuildRequest> = {}): BuildRequest => ({
  sport: 'nfl', site: 'dk', contestType: 'classic', players: slate, seed: 3, settings: { numLUs: N, ...settings }, ...extra,
});

function expectValid(lineups: readonly Lineup[], given: Partial<BuildSettings>) {
  const s = resolveSettings('nfl', 'dk', 'classic', given);
  lineups.forEach((l, i) => expect(lineupProblems(NFL, l, { minSal: s.minSal, maxSal: s.maxSal, pool: slate }), `lineup ${i + 1}`).toEqual([]));
}

const tally = (values: readonly (string | undefined)[]) => {
  const m = new Map<string, number>();
  for (const v of values) if (v !== undefined) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
};

let baseline: Lineup[];
let stacked: Awaited<ReturnType<typeof collect>>;
beforeAll(async () => {
  baseline = (await collect(request(NO_STACKS))).lineups;
  stacked = await collect(request({}));
}, 180_000);

describe('basic mode', () => {
  it('plans each rule round(share·N) times and every lineup has its rule\'s shape', async () => {
    // Without stack rules the optimizer leaves plenty of QBs alone.
    expect(baseline.filter((l) => partners(nflShape(lineupRows(l))) === 0).length).toBeGreaterThan(20);

    const { lineups, batches } = stacked;
    expect(lineups).toHaveLength(N);
    expect(batches.flatMap((b) => b.warnings)).toEqual([]);
    expectValid(lineups, {});
    const rules = basicStackRules(resolveSettings('nfl', 'dk', 'classic', {}));
    const planned = largestRemainder(rules.map((r) => r.freq), N);
    const used = tally(lineups.map((l) => l.plan?.['Stack rule']));
    rules.forEach((rule, i) => expect(used.get(rule.label!) ?? 0, rule.label).toBe(planned[i]));
    // Force Nothing 7, 1+ team 38, 1+ game 45, 2+ team 30, 2+ game 30 of 150.
    expect(planned).toEqual([7, 38, 45, 30, 30, 0]);
    for (const l of lineups) {
      const rule = rules.find((r) => r.label === l.plan!['Stack rule'])!;
      expect(nflRuleProblems(lineupRows(l), rule), `${rule.label}`).toEqual([]);
    }
    // The shapes, counted without the plan: game stacks and 2+ stacks at least as planned.
    const shapes = lineups.map((l) => nflShape(lineupRows(l)));
    expect(shapes.filter((s) => partners(s) >= 1 && bringBacks(s) >= 1).length).toBeGreaterThanOrEqual(75);
    expect(shapes.filter((s) => partners(s) >= 2).length).toBeGreaterThanOrEqual(60);
    expect(shapes.filter((s) => partners(s) >= 1).length).toBeGreaterThanOrEqual(143);
    // Spread evenly: the first 30 lineups already hold the game stacks' share within one.
    const early = lineups.slice(0, 30).filter((l) => l.plan!['Stack rule']!.includes('game')).length;
    expect(Math.abs(early - 15)).toBeLessThanOrEqual(1);
  });

  it('"No stack" keeps the QB alone', async () => {
    const { lineups } = await collect(request({ ...NO_STACKS, noStackPct: 1, numLUs: 20 }));
    expect(lineups).toHaveLength(20);
    for (const l of lineups) expect(partners(nflShape(lineupRows(l)))).toBe(0);
  });
});

describe('Team Stacks rows, RB share, second game stack, RB + DST', () => {
  it('obeys the Allow flags and team limits and plans the shares', async () => {
    // The teams of the stacked build's most used QBs get rows: flags and limits it breaks.
    const qbTeams = tally(stacked.lineups.map((l) => nflShape(lineupRows(l)).qbTeam));
    const top = [...qbTeams.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([team]) => team).slice(0, 6);
    const teamStacks: TeamStackRow[] = top.map((team, i) => ({
      TeamAbbrev: team,
      AllowTEStack: i % 2 === 0 ? false : true,
      AllowWROppStack: i % 3 === 0 ? false : true,
      AllowGameStack: i === 1 ? false : true,
      AllowQBStack: i === 5 ? false : true,
      TotalMaxPlayers: 3,
      TotalMaxWRs: 2,
    }));
    const defaults = stacked;
    expect(defaults.lineups.some((l) => teamLimitProblems(lineupRows(l), teamStacks).length > 0)).toBe(true);
    expect(defaults.lineups.some((l) => teamFlagProblems(lineupRows(l), teamStacks).length > 0)).toBe(true);
    expect(defaults.lineups.filter((l) => nflShape(lineupRows(l)).team.RB! > 0).length).toBeGreaterThan(30);

    // 60 lineups keep this build quick: the shares are 12, 30 and 18 of them.
    const settings: Partial<BuildSettings> = { numLUs: 60, allowRBStackPct: 0.2, forceSecondGameStack: 0.5, forceRBandDSTStack: 0.3 };
    const { lineups } = await collect(request(settings, { teamStacks }));
    expect(lineups).toHaveLength(60);
    expectValid(lineups, settings);
    for (const [i, l] of lineups.entries()) {
      const rows = lineupRows(l);
      expect(teamFlagProblems(rows, teamStacks), `lineup ${i + 1}`).toEqual([]);
      expect(teamLimitProblems(rows, teamStacks), `lineup ${i + 1}`).toEqual([]);
      if (l.plan!['Second game stack'] === 'Second game stack') expect(hasSecondGameStack(rows), `lineup ${i + 1}`).toBe(true);
      if (l.plan!['RB and DST stack'] === 'RB and DST stack') expect(hasRbAndDst(rows), `lineup ${i + 1}`).toBe(true);
    }
    // RB partners in at most round(0.2·60) = 12 lineups; the forced shares at least as planned.
    expect(lineups.filter((l) => nflShape(lineupRows(l)).team.RB! > 0).length).toBeLessThanOrEqual(12);
    expect(lineups.filter((l) => hasSecondGameStack(lineupRows(l))).length).toBeGreaterThanOrEqual(30);
    expect(lineups.filter((l) => hasRbAndDst(lineupRows(l))).length).toBeGreaterThanOrEqual(18);
  }, 180_000);
});

describe('advanced mode', () => {
  it('builds the user\'s table and falls back from an impossible rule with a warning', async () => {
    const table: NflStackRule[] = [
      { label: 'QB + 2 WR + bring-back', freq: 0.5, teamWRMin: 2, teamRBMax: 0, oppFlexMin: 1, oppFlexMax: 1 },
      { label: 'QB + TE, no bring-back', freq: 0.3, teamTEMin: 1, teamFlexMax: 1, oppFlexMax: 0 },
      { label: 'Three TEs', freq: 0.2, teamTEMin: 3 }, // two TE slots at most: never possible
    ];
    const settings: Partial<BuildSettings> = { stackSettingMode: 'advanced', specificStacks: table };
    const { lineups, batches } = await collect(request(settings));
    expect(lineups).toHaveLength(N);
    expectValid(lineups, settings);
    const used = tally(lineups.map((l) => l.plan?.['Stack rule']));
    expect(used.get('Three TEs')).toBeUndefined();
    // 75 + 45 planned lineups; the 30 of the impossible rule moved to the most frequent one.
    expect(used.get('QB + 2 WR + bring-back')).toBe(75 + 30);
    expect(used.get('QB + TE, no bring-back')).toBe(45);
    for (const l of lineups) {
      const rule = table.find((r) => r.label === l.plan!['Stack rule'])!;
      expect(nflRuleProblems(lineupRows(l), rule)).toEqual([]);
    }
    const warnings = batches.flatMap((b) => b.warnings);
    const dropped = warnings.flatMap((w) => (w.code === 'plan-option-dropped' && w.params.from === 'Three TEs' ? [w.params] : []));
    expect(dropped.length).toBeGreaterThan(0);
    // The warnings name the rule and count its lineups: 30 in all.
    const counted = dropped.reduce((sum, w) => sum + w.lineups.length, 0);
    expect(counted).toBe(30);
    expect(dropped.every((w) => w.to === 'QB + 2 WR + bring-back')).toBe(true);
  }, 180_000);

  it('takes the table as JSON text too (specificStacks is a text key on send)', async () => {
    const table = [{ freq: 1, teamFlexMin: 3, label: 'Triple' }];
    const { lineups } = await collect(request({ numLUs: 5, stackSettingMode: 'advanced', specificStacks: JSON.stringify(table) as unknown as NflStackRule[] }));
    for (const l of lineups) expect(partners(nflShape(lineupRows(l)))).toBeGreaterThanOrEqual(3);
  });
});

describe('settings as the send rules deliver them', () => {
  it('reads allowDefenseVsQB 0 as false and stack shares as numbers', async () => {
    const given = { ...NO_STACKS, numLUs: 10, allowDefenseVsQB: 0 as unknown as boolean, allowDefenseVsFlex: 1 as unknown as boolean };
    const { lineups } = await collect(request(given));
    expect(lineups.filter((l) => defenceFacesQB(lineupRows(l)))).toEqual([]);
    const open = await collect(request({ ...given, allowDefenseVsQB: 1 as unknown as boolean, numLUs: N }));
    expect(open.lineups.some((l) => defenceFacesQB(lineupRows(l)))).toBe(true);
  }, 120_000);
});

describe('the solver learns per plan', () => {
  it('names each lineup’s plan as its model family, one family per plan', async () => {
    const families: (string | undefined)[] = [];
    const inner = createBranchAndBoundSolver();
    const solver: MipSolver = { name: 'recording', solve: (model, options) => { families.push(options?.family); return inner.solve(model, options); } };
    const { lineups } = await collect(request({ numLUs: 20 }), { solver });
    // One solve per lineup here (no plan fell back).
    expect(families).toHaveLength(lineups.length);
    const planOf = (l: Lineup) => JSON.stringify(l.plan);
    const familyOfPlan = new Map<string, string | undefined>();
    lineups.forEach((l, i) => {
      expect(families[i], `lineup ${i + 1}`).toBeDefined();
      if (!familyOfPlan.has(planOf(l))) familyOfPlan.set(planOf(l), families[i]);
      expect(families[i], `lineup ${i + 1}`).toBe(familyOfPlan.get(planOf(l)));
    });
    // Every stack rule of the basic mode shows up in 20 lineups, each its own family.
    expect(familyOfPlan.size).toBeGreaterThan(3);
    expect(new Set(familyOfPlan.values()).size).toBe(familyOfPlan.size);
  });
});
