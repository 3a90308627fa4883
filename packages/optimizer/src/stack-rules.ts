// Stacks, team limits and groups as rule units (docs/optimizer.md "Stacks, team rows and
// groups"). Each unit adds named rows; choices with a share become plan
// dimensions (plan.ts) whose options carry their rows. The positions a stack is built from
// come from the domain (STACK_ANCHOR_POSITION, STACK_PARTNER_POSITIONS, PITCHER_POSITIONS).
import {
  basicStackRules, BRING_BACK_FLAGS, DEFENCE_POSITION, mlbStackRuleName, NBA_GAME_STACK_SIDE_MIN, NBA_TEAM_STACK_MIN, nflStackRuleName,
  normalizeMlbStackRule, normalizeNflStackRule, PARTNER_FLAGS, parseSpecificStacks, PITCHER_POSITIONS, resolveGroup,
  resolveTeamStackRow, STACK_ANCHOR_POSITION, STACK_PARTNER_POSITIONS, STACK_STYLE, TEAM_LIMIT_KINDS, TEAM_LIMIT_POSITIONS,
  type BuildSettings, type MlbStackRule, type NflStackRule, type PlayerGroup, type ResolvedGroup, type StackPartnerPosition,
  type TeamStackRow, siteId, coded, CodedError, type CodedMessage,
} from '@stacksmith/domain';
import type { Pool } from './pool.js';
import type { Contribution } from './rules.js';
import { InputError, type Row } from './types.js';

/** One option of a plan dimension: its label, its frequency and the rows it adds. */
export interface PlanOption {
  label: string;
  freq: number;
  parts: Contribution[];
}

/** A per-lineup choice planned by frequency (a stack rule, a flex position, a group's share). */
export interface PlanDimension {
  /** What is chosen, e.g. 'Stack rule', 'Flex share RB'. */
  name: string;
  options: PlanOption[];
}

/** Hands out auxiliary 0/1 columns after the candidate columns (indicators a rule needs). */
export class AuxColumns {
  count = 0;
  constructor(readonly base: number) {}
  take(n: number): number[] {
    const cols = Array.from({ length: n }, (_, i) => this.base + this.count + i);
    this.count += n;
    return cols;
  }
}

function row(rule: string, cols: number[], coefs: number[] | number, lo: number, hi: number, lazy = false): Row {
  const r: Row = { rule, cols, coefs: typeof coefs === 'number' ? cols.map(() => coefs) : coefs, lo, hi };
  if (lazy) r.lazy = true;
  return r;
}

const uniquePlayers = (pool: Pool, cols: number[]) => new Set(cols.map((c) => pool.candidates[c]!.player)).size;

/** Slots (outside the captain) that accept any of the positions. */
function capacity(pool: Pool, positions: readonly string[] | null): number {
  return pool.roster.slots.filter((s) => !s.captain && (positions === null || s.eligible.some((p) => positions.includes(p)))).length;
}

/** Σ cols ≥ k·Σ ifCols: when a column of ifCols is chosen (at most one), at least k of cols. */
function atLeastIf(rule: string, cols: number[], ifCols: number[], k: number, lazy = false): Row {
  return row(rule, [...cols, ...ifCols], [...cols.map(() => 1), ...ifCols.map(() => -k)], 0, Infinity, lazy);
}

/**
 * Σ cols ≤ k when a column of ifCols (at most one) is chosen; cap bounds Σ cols otherwise.
 * k = 0 gives one conflict row per player (x + Σ ifCols ≤ 1): far tighter than one big-M row.
 */
function atMostIf(rule: string, cols: number[], ifCols: number[], k: number, cap: number, lazy = false): Row[] {
  if (k >= cap || cols.length === 0) return [];
  if (k <= 0) return cols.map((c) => row(rule, [c, ...ifCols], 1, -Infinity, 1, lazy));
  return [row(rule, [...cols, ...ifCols], [...cols.map(() => 1), ...ifCols.map(() => cap - k)], -Infinity, cap, lazy)];
}

// ---- nfl: stacks around the quarterback ----

interface TeamColumns {
  team: string;
  opp: string;
  anchor: number[];
  partners: Record<StackPartnerPosition, number[]>;
  defence: number[];
  all: number[];
}

interface QbContext {
  pool: Pool;
  teams: Map<string, TeamColumns>;
  rows: Map<string, Required<TeamStackRow>>;
  /**
   * The QB columns as one exclusive set when a lineup holds at most one of them (every slot
   * that takes any of them is the one QB slot): the solver fixes the other QBs once one is in.
   */
  exclusive: number[][];
}

function qbContext(pool: Pool, teamStacks: readonly TeamStackRow[]): QbContext {
  const teams = new Map<string, TeamColumns>();
  pool.candidates.forEach((c, i) => {
    if (pool.groups[c.group]!.captain) return;
    let t = teams.get(c.team);
    if (!t) {
      t = { team: c.team, opp: c.opp, anchor: [], partners: { RB: [], WR: [], TE: [] }, defence: [], all: [] };
      teams.set(c.team, t);
    }
    if (!t.opp && c.opp) t.opp = c.opp;
    t.all.push(i);
    if (c.primary === STACK_ANCHOR_POSITION) t.anchor.push(i);
    else if (c.primary === DEFENCE_POSITION) t.defence.push(i);
    else if ((STACK_PARTNER_POSITIONS as readonly string[]).includes(c.primary)) t.partners[c.primary as StackPartnerPosition].push(i);
  });
  const rows = new Map<string, Required<TeamStackRow>>();
  for (const team of teams.keys()) rows.set(team, resolveTeamStackRow({ TeamAbbrev: team }));
  for (const given of teamStacks) {
    if (!given || typeof given !== 'object' || typeof given.TeamAbbrev !== 'string') throw new InputError(coded('team-stacks-row-needs-team', {}));
    rows.set(given.TeamAbbrev, resolveTeamStackRow(given));
  }
  const anchors = [...teams.values()].flatMap((t) => t.anchor);
  const anchorSlots = pool.roster.slots.filter((s) => !s.captain && s.eligible.some((p) => anchors.some((c) => pool.candidates[c]!.positions.includes(p)))).length;
  return { pool, teams, rows, exclusive: anchorSlots === 1 && anchors.length > 1 ? [anchors] : [] };
}

const EMPTY_PARTNERS: Record<StackPartnerPosition, number[]> = { RB: [], WR: [], TE: [] };
const partnersOf = (ctx: QbContext, team: string | undefined) => (team ? ctx.teams.get(team)?.partners : undefined) ?? EMPTY_PARTNERS;
const flexOf = (partners: Record<StackPartnerPosition, number[]>) => STACK_PARTNER_POSITIONS.flatMap((p) => partners[p]);

// Stack rows bind only for the QB a solution picks: held back until a solution breaks them
// (fewer rows in the solver's tableau; measured faster on the benchmark slate).
const LAZY = true;
const RULE_DIMENSIONS = ['Flex', ...STACK_PARTNER_POSITIONS] as const;
type RuleDimension = (typeof RULE_DIMENSIONS)[number];
/** A team's players a rule dimension counts (Flex: RB, WR and TE). */
const playersIn = (partners: Record<StackPartnerPosition, number[]>, dim: RuleDimension) => (dim === 'Flex' ? flexOf(partners) : partners[dim]);
/** A rule entry's bound, e.g. teamFlexMin or oppWRMax; undefined when the entry leaves it open. */
const ruleBound = (rule: NflStackRule, side: 'team' | 'opp', dim: RuleDimension, end: 'Min' | 'Max') =>
  rule[`${side}${dim}${end}` as keyof NflStackRule] as number | undefined;

/** One stack rule entry as rows, per team whose QB may start the lineup. */
function nflStackRuleParts(ctx: QbContext, rule: NflStackRule, name: string): Contribution[] {
  if (rule.disabled) return [];
  const rows: Row[] = [];
  const structural: number[] = [];
  // One QB per lineup: each team's minimum rows merge (see mergedMinimumRows).
  const merged = ctx.exclusive.length > 0;
  if (merged) rows.push(...mergedMinimumRows(ctx, rule, name));
  for (const t of ctx.teams.values()) {
    if (t.anchor.length === 0) continue;
    structural.push(...t.anchor);
    for (const side of ['team', 'opp'] as const) {
      const partners = side === 'team' ? t.partners : partnersOf(ctx, t.opp);
      for (const dim of RULE_DIMENSIONS) {
        const cols = playersIn(partners, dim);
        const min = ruleBound(rule, side, dim, 'Min');
        const max = ruleBound(rule, side, dim, 'Max');
        if (!merged && min !== undefined && min > 0) rows.push(atLeastIf(name, cols, t.anchor, min, LAZY));
        if (max !== undefined) {
          const cap = Math.min(uniquePlayers(ctx.pool, cols), capacity(ctx.pool, dim === 'Flex' ? STACK_PARTNER_POSITIONS : [dim]));
          rows.push(...atMostIf(name, cols, t.anchor, max, cap, LAZY));
        }
      }
    }
  }
  return rows.length > 0 ? [{ rule: name, rows, structural, exclusive: ctx.exclusive }] : [];
}

/**
 * The minimum rows of a stack rule, one per partner team and dimension: Σ team's players ≥
 * teamMin·(its QBs) + oppMin·(the QBs whose opponent it is). Used when a lineup holds one QB
 * (the anchors are one exclusive set): then it holds exactly when both rows it replaces hold
 * (the team's own stack row and the opponent QB's bring-back row, on the same players), and
 * its LP is tighter: the two QBs of one game at ½ each need ½·(teamMin + oppMin) of each
 * team, where the two rows asked only the larger half. Measured on the stacks benchmark
 * build: pivots −4.5 %, "2+ game stack" lineups about a quarter fewer QB subtrees.
 */
function mergedMinimumRows(ctx: QbContext, rule: NflStackRule, name: string): Row[] {
  const rows: Row[] = [];
  for (const dim of RULE_DIMENSIONS) {
    const teamMin = ruleBound(rule, 'team', dim, 'Min') ?? 0;
    const oppMin = ruleBound(rule, 'opp', dim, 'Min') ?? 0;
    // Per partner team (by abbreviation): the QB columns and their coefficients.
    const ifs = new Map<string, { cols: number[]; coefs: number[] }>();
    const add = (team: string, anchors: number[], k: number) => {
      let entry = ifs.get(team);
      if (!entry) ifs.set(team, (entry = { cols: [], coefs: [] }));
      for (const a of anchors) { entry.cols.push(a); entry.coefs.push(-k); }
    };
    for (const t of ctx.teams.values()) {
      if (t.anchor.length === 0) continue;
      if (teamMin > 0) add(t.team, t.anchor, teamMin);
      if (oppMin > 0) add(t.opp, t.anchor, oppMin);
    }
    for (const [team, { cols: ifCols, coefs }] of ifs) {
      const cols = playersIn(partnersOf(ctx, team), dim);
      rows.push(row(name, [...cols, ...ifCols], [...cols.map(() => 1), ...coefs], 0, Infinity, LAZY));
    }
  }
  return rows;
}

/** Partners and bring-backs the Team Stacks flags forbid next to a team's QB. */
function teamFlagParts(ctx: QbContext): Contribution[] {
  const out: Contribution[] = [];
  for (const t of ctx.teams.values()) {
    if (t.anchor.length === 0) continue;
    const flags = ctx.rows.get(t.team)!;
    const opp = partnersOf(ctx, t.opp);
    const forbidden: number[] = [];
    const labels: string[] = [];
    for (const p of STACK_PARTNER_POSITIONS) {
      if (!flags.AllowQBStack || !flags[PARTNER_FLAGS[p]]) { forbidden.push(...t.partners[p]); labels.push(p); }
      if (!flags.AllowGameStack || !flags[BRING_BACK_FLAGS[p]]) { forbidden.push(...opp[p]); labels.push(`opp ${p}`); }
    }
    if (forbidden.length === 0) continue;
    const rule = `Team stacks ${t.team}: no ${labels.join(', ')} with its QB`;
    const cap = Math.min(uniquePlayers(ctx.pool, forbidden), capacity(ctx.pool, STACK_PARTNER_POSITIONS));
    const rows = atMostIf(rule, forbidden, t.anchor, 0, cap, true);
    if (rows.length) out.push({ rule, rows, exclusive: ctx.exclusive });
  }
  return out;
}

/** TotalMin and TotalMax of each team: players of the team a lineup may hold. */
function teamLimitParts(ctx: QbContext): Contribution[] {
  const out: Contribution[] = [];
  for (const t of ctx.teams.values()) {
    const limits = ctx.rows.get(t.team)!;
    const rows: Row[] = [];
    const bounds: string[] = [];
    for (const kind of TEAM_LIMIT_KINDS) {
      const positions = TEAM_LIMIT_POSITIONS[kind];
      const cols = positions === null ? t.all : positions.flatMap((p) => t.partners[p as StackPartnerPosition] ?? []);
      const cap = Math.min(uniquePlayers(ctx.pool, cols), capacity(ctx.pool, positions));
      const min = limits[`TotalMin${kind}`];
      const max = limits[`TotalMax${kind}`];
      if (min <= 0 && max >= cap) continue;
      bounds.push(`${kind} ${min}–${max}`);
      rows.push(row('', cols, 1, min > 0 ? min : -Infinity, max < cap ? max : Infinity));
    }
    if (rows.length === 0) continue;
    const rule = `Team limits ${t.team}: ${bounds.join(', ')}`;
    out.push({ rule, rows: rows.map((r) => ({ ...r, rule })) });
  }
  return out;
}

/** A domain reading of the settings whose refusal (a CodedError) is the user's input to fix. */
function asInput<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CodedError) throw new InputError(error.coded);
    throw error;
  }
}

function stackRuleEntries(settings: BuildSettings): { rules: NflStackRule[]; names: string[] } {
  if (settings.stackSettingMode === 'advanced') {
    const raw = asInput(() => parseSpecificStacks(settings.specificStacks));
    const rules = raw.map((r, i) => asInput(() => normalizeNflStackRule(r, i)));
    return { rules, names: rules.map((r, i) => nflStackRuleName(r, i)) };
  }
  const rules = basicStackRules(settings);
  return { rules, names: rules.map((r, i) => nflStackRuleName(r, i)) };
}

/** Options of a frequency table; a remainder below 1 becomes an unconstrained option. */
function withRemainder(options: PlanOption[], remainderLabel: string): PlanOption[] {
  const used = options.reduce((s, o) => s + o.freq, 0);
  const kept = options.filter((o) => o.freq > 0);
  if (used < 1 - 1e-9) kept.push({ label: remainderLabel, freq: 1 - used, parts: [] });
  return kept;
}

function shareDimension(name: string, share: number, on: PlanOption, off: PlanOption): PlanDimension | null {
  const s = Math.max(0, Math.min(1, Number(share) || 0));
  if (s <= 0) return null;
  return { name, options: [{ ...on, freq: s }, { ...off, freq: 1 - s }].filter((o) => o.freq > 0) };
}

function nflStackPlan(pool: Pool, settings: BuildSettings, teamStacks: readonly TeamStackRow[], aux: AuxColumns) {
  const ctx = qbContext(pool, teamStacks);
  const statics = [...teamFlagParts(ctx), ...teamLimitParts(ctx)];
  const dimensions: PlanDimension[] = [];

  const { rules, names } = stackRuleEntries(settings);
  const ruleOptions = withRemainder(rules.map((rule, i) => ({ label: names[i]!, freq: rule.freq, parts: nflStackRuleParts(ctx, rule, `Stack rule "${names[i]}"`) })), 'Force Nothing');
  if (ruleOptions.some((o) => o.parts.length > 0)) dimensions.push({ name: 'Stack rule', options: ruleOptions });

  // allowRBStackPct: the largest share of lineups in which an RB may be the QB's partner.
  const noRbRows = [...ctx.teams.values()]
    .filter((t) => t.anchor.length > 0)
    .flatMap((t) => atMostIf('No RB stack', t.partners.RB, t.anchor, 0, Math.min(uniquePlayers(pool, t.partners.RB), capacity(pool, ['RB'])), true));
  const rbShare = Math.max(0, Math.min(1, Number(settings.allowRBStackPct)));
  if (rbShare < 1 && noRbRows.length > 0) {
    dimensions.push({
      name: 'RB stack share',
      options: [
        { label: 'RB may stack', freq: rbShare, parts: [] },
        { label: 'No RB stack', freq: 1 - rbShare, parts: [{ rule: `RB stack share ${Math.round(rbShare * 100)}%`, rows: noRbRows, exclusive: ctx.exclusive }] },
      ].filter((o) => o.freq > 0),
    });
  }

  // forceSecondGameStack: ≥1 player of each side of a game other than the QB's.
  const games = new Map<string, [TeamColumns, TeamColumns]>();
  for (const t of ctx.teams.values()) {
    const o = t.opp ? ctx.teams.get(t.opp) : undefined;
    if (!o) continue;
    const key = [t.team, o.team].sort().join('@');
    if (!games.has(key)) games.set(key, t.team < o.team ? [t, o] : [o, t]);
  }
  if (Number(settings.forceSecondGameStack) > 0 && games.size > 1) {
    const rule = 'Second game stack';
    const ys = aux.take(games.size);
    const rows: Row[] = [];
    // A side's QB never counts: y + the game's QBs ≤ 1 keeps the lineup's QB out of the game
    // it picks, so y ≤ Σ RB/WR/TE of each side has the same whole solutions and a tighter LP
    // (a half QB can no longer carry half a y). The per-game rows are lazy: the y a solution
    // picks brings its game's rows in (measured: the 49 rows in every pivot cost more).
    [...games.values()].forEach(([a, b], g) => {
      const y = ys[g]!;
      for (const side of [a, b]) {
        const cols = flexOf(side.partners);
        rows.push(row(rule, [y, ...cols], [1, ...cols.map(() => -1)], -Infinity, 0, LAZY));
      }
      const anchors = [...a.anchor, ...b.anchor];
      if (anchors.length > 0) rows.push(row(rule, [y, ...anchors], 1, -Infinity, 1, LAZY)); // not the QB's own game
    });
    // Exactly one y: a lineup with two stacked games keeps one y and is the same lineup.
    rows.push(row(rule, ys, 1, 1, 1));
    const dim = shareDimension(rule, settings.forceSecondGameStack,
      { label: 'Second game stack', freq: 0, parts: [{ rule, rows, aux: ys, structural: ys, exclusive: [...ctx.exclusive, ys] }] },
      { label: 'No second game stack forced', freq: 0, parts: [] });
    if (dim) dimensions.push(dim);
  }

  // forceRBandDSTStack: the lineup's defence with an RB of its own team (one DST a lineup).
  if (Number(settings.forceRBandDSTStack) > 0 && capacity(pool, [DEFENCE_POSITION]) === 1) {
    const rule = 'RB and DST stack';
    const rows = [...ctx.teams.values()]
      .filter((t) => t.defence.length > 0)
      .map((t) => row(rule, [...t.partners.RB, ...t.defence], [...t.partners.RB.map(() => 1), ...t.defence.map(() => -1)], 0, Infinity));
    const dim = shareDimension(rule, settings.forceRBandDSTStack,
      { label: rule, freq: 0, parts: [{ rule, rows }] },
      { label: 'No RB and DST stack forced', freq: 0, parts: [] });
    if (dim) dimensions.push(dim);
  }
  return { statics, dimensions };
}

// ---- mlb: hitters by team ----

function mlbStackPlan(pool: Pool, settings: BuildSettings, aux: AuxColumns) {
  const isPitcher = (positions: string[]) => positions.some((p) => PITCHER_POSITIONS.includes(p));
  const hitters = new Map<string, number[]>();
  const pitchers: number[] = [];
  pool.candidates.forEach((c, i) => {
    if (isPitcher(c.positions)) pitchers.push(i);
    else hitters.set(c.team, [...(hitters.get(c.team) ?? []), i]);
  });
  const hitterSlots = pool.roster.slots.filter((s) => s.eligible.some((p) => !PITCHER_POSITIONS.includes(p))).length;
  // The site's hitters-per-team cap is a roster rule (teamRulesParts in rules.ts); stacks are checked against it here.
  const limit = Math.min(hitterSlots, pool.roster.teamRules?.maxPerTeam?.count ?? hitterSlots);
  const statics: Contribution[] = [];
  const faceRule = 'Pitcher vs own hitters';
  const faceRows = pitchers
    .flatMap((p) => {
      const opp = hitters.get(pool.candidates[p]!.opp) ?? [];
      return atMostIf(faceRule, opp, [p], 0, Math.min(limit, uniquePlayers(pool, opp)), true);
    });
  if (faceRows.length) statics.push({ rule: faceRule, rows: faceRows });

  const raw = asInput(() => parseSpecificStacks(settings.specificStacks));
  const rules: MlbStackRule[] = raw.map((r, i) => asInput(() => normalizeMlbStackRule(r, i)));
  const teams = [...hitters.keys()];
  const options = rules.filter((r) => r.freq > 0).map((r): PlanOption => {
    const name = mlbStackRuleName(r);
    const rule = `Stack ${name}`;
    const { PrimaryStack: P, SecondaryStack: S } = r;
    if (P > limit) throw new InputError(coded('stack-over-site-limit', { stack: name, site: pool.roster.site, limit }));
    const z = aux.take(teams.length);
    const rows: Row[] = [row(rule, z, 1, 1, 1)];
    const others = Math.max(S, 1); // a secondary of 0 or 1: no second team holds two hitters
    teams.forEach((team, i) => {
      const cols = hitters.get(team)!;
      rows.push(atLeastIf(rule, cols, [z[i]!], P));
      rows.push(row(rule, [...cols, z[i]!], [...cols.map(() => 1), -(P - others)], -Infinity, others));
    });
    const used = [...z];
    if (S >= 2) {
      const w = aux.take(teams.length);
      used.push(...w);
      rows.push(row(rule, w, 1, 1, 1));
      teams.forEach((team, i) => {
        rows.push(atLeastIf(rule, hitters.get(team)!, [w[i]!], S));
        rows.push(row(rule, [z[i]!, w[i]!], 1, -Infinity, 1));
      });
    }
    return { label: name, freq: r.freq, parts: [{ rule, rows, aux: used, structural: used }] };
  });
  const dimensions: PlanDimension[] = options.length > 0 ? [{ name: 'Stack rule', options: withRemainder(options, 'No stack rule') }] : [];
  return { statics, dimensions };
}

// ---- nba: players of one team, players of one game ----

/**
 * teamStackPct of the lineups hold NBA_TEAM_STACK_MIN+ players of one team; gameStackPct of
 * them NBA_GAME_STACK_SIDE_MIN+ of each side of one game. One indicator column per team (or
 * game), exactly one of them 1: the lineup names the team it stacks. The rows are held back
 * (lazy): the solver then searches by team and game, each subtree bounded by its own rows
 * (the search by anchor; measured on the nba bench build: pivot work 70.6 M → 19.7 M, CPU
 * about a third less).
 */
function nbaStackPlan(pool: Pool, settings: BuildSettings, aux: AuxColumns) {
  const byTeam = new Map<string, number[]>();
  pool.candidates.forEach((c, i) => byTeam.set(c.team, [...(byTeam.get(c.team) ?? []), i]));
  const dimensions: PlanDimension[] = [];
  const size = pool.roster.slots.length;

  const teams = [...byTeam.keys()].filter((t) => uniquePlayers(pool, byTeam.get(t)!) >= NBA_TEAM_STACK_MIN);
  if (Number(settings.teamStackPct) > 0 && teams.length > 0 && NBA_TEAM_STACK_MIN <= size) {
    const rule = `Team stack (${NBA_TEAM_STACK_MIN}+ of one team)`;
    const ys = aux.take(teams.length);
    const rows = [row(rule, ys, 1, 1, 1), ...teams.map((t, i) => atLeastIf(rule, byTeam.get(t)!, [ys[i]!], NBA_TEAM_STACK_MIN, LAZY))];
    const dim = shareDimension(rule, settings.teamStackPct,
      { label: 'Team stack', freq: 0, parts: [{ rule, rows, aux: ys, structural: ys, exclusive: [ys] }] },
      { label: 'No team stack forced', freq: 0, parts: [] });
    if (dim) dimensions.push(dim);
  }

  const games = new Map<string, [number[], number[]]>();
  for (const [team, cols] of byTeam) {
    const opp = pool.candidates[cols[0]!]!.opp;
    const oppCols = opp ? byTeam.get(opp) : undefined;
    if (!oppCols || team > opp) continue;
    if (uniquePlayers(pool, cols) >= NBA_GAME_STACK_SIDE_MIN && uniquePlayers(pool, oppCols) >= NBA_GAME_STACK_SIDE_MIN) games.set(`${team}@${opp}`, [cols, oppCols]);
  }
  if (Number(settings.gameStackPct) > 0 && games.size > 0 && 2 * NBA_GAME_STACK_SIDE_MIN <= size) {
    const rule = `Game stack (${NBA_GAME_STACK_SIDE_MIN}+ of each team of one game)`;
    const ws = aux.take(games.size);
    const rows = [row(rule, ws, 1, 1, 1)];
    [...games.values()].forEach((sides, g) => {
      for (const cols of sides) rows.push(atLeastIf(rule, cols, [ws[g]!], NBA_GAME_STACK_SIDE_MIN, LAZY));
    });
    const dim = shareDimension(rule, settings.gameStackPct,
      { label: 'Game stack', freq: 0, parts: [{ rule, rows, aux: ws, structural: ws, exclusive: [ws] }] },
      { label: 'No game stack forced', freq: 0, parts: [] });
    if (dim) dimensions.push(dim);
  }
  return { statics: [] as Contribution[], dimensions };
}

// ---- groups ----

/**
 * Columns of each player of a group. A player missing from the pool (a group kept from an
 * earlier slate) cannot be picked anyway: it counts as absent and is noted for a warning.
 */
function groupCols(pool: Pool, ids: string[], name: string, notes: CodedMessage[]): number[][] {
  return ids.map((id) => {
    const unit = pool.units.findIndex((u) => u.Id === id || siteId(u.Id) === id);
    if (unit < 0) {
      notes.push(coded('group-player-not-in-pool', { group: name, playerId: id }));
      return [];
    }
    const player = pool.candidates[pool.unitCandidates[unit]![0]!]?.player;
    return player === undefined ? [] : pool.playerCandidates[player]!;
  });
}

/** A group as rows: minGroup..maxGroup of its players, per anchor when it has anchors. */
function groupParts(pool: Pool, group: ResolvedGroup, notes: CodedMessage[]): Contribution[] {
  const rule = `${group.name}: ${group.minGroup}–${group.maxGroup} of ${group.playerIds.length} players${group.anchorIds.length ? ' with an anchor' : ''}`;
  const members = [...new Set(groupCols(pool, group.playerIds, group.name, notes).flat())];
  const cap = Math.min(uniquePlayers(pool, members), pool.roster.slots.length);
  const rows: Row[] = [];
  if (group.anchorIds.length === 0) {
    if (group.minGroup <= 0 && group.maxGroup >= cap) return [];
    rows.push(row(rule, members, 1, group.minGroup > 0 ? group.minGroup : -Infinity, group.maxGroup < cap ? group.maxGroup : Infinity));
  } else {
    for (const anchor of groupCols(pool, group.anchorIds, group.name, notes)) {
      if (anchor.length === 0) continue;
      // An anchor inside the group counts itself; one outside it adds nothing to the count.
      if (group.minGroup > 0) rows.push(atLeastIf(rule, members, anchor, group.minGroup));
      rows.push(...atMostIf(rule, members.filter((c) => !anchor.includes(c)), anchor,
        group.maxGroup - (members.some((c) => anchor.includes(c)) ? 1 : 0), cap));
    }
  }
  return rows.length > 0 ? [{ rule, rows }] : [];
}

function groupPlan(pool: Pool, groups: readonly PlayerGroup[], kind: string, notes: CodedMessage[]) {
  const statics: Contribution[] = [];
  const dimensions: PlanDimension[] = [];
  if (!Array.isArray(groups)) throw new InputError(coded('groups-not-a-list', { kind: kind === 'Group' ? 'groups' : 'stack groups' }));
  groups.forEach((raw, i) => {
    const group: ResolvedGroup | null = asInput(() => resolveGroup(raw, i, kind));
    if (!group || group.pctGroup <= 0) return;
    const parts = groupParts(pool, group, notes);
    if (parts.length === 0) return;
    if (group.pctGroup >= 1) statics.push(...parts);
    else {
      dimensions.push({
        name: group.name,
        options: [
          { label: `${group.name} applies`, freq: group.pctGroup, parts },
          { label: `${group.name} off`, freq: 1 - group.pctGroup, parts: [] },
        ],
      });
    }
  });
  return { statics, dimensions };
}

export interface StackInputs {
  teamStacks?: readonly TeamStackRow[];
  stackGroups?: readonly PlayerGroup[];
  groups?: readonly PlayerGroup[];
}

/**
 * Every stack, team-limit and group rule of a build: rows that hold in every lineup and the
 * dimensions planned by frequency. nfl stacks need a roster with one QB slot (classic).
 */
export function stackAndGroupPlan(pool: Pool, settings: BuildSettings, inputs: StackInputs, aux: AuxColumns) {
  const statics: Contribution[] = [];
  const dimensions: PlanDimension[] = [];
  const add = (p: { statics: Contribution[]; dimensions: PlanDimension[] }) => { statics.push(...p.statics); dimensions.push(...p.dimensions); };
  const style = STACK_STYLE[pool.roster.sport];
  if (style === 'qb' && capacity(pool, [STACK_ANCHOR_POSITION]) === 1) add(nflStackPlan(pool, settings, inputs.teamStacks ?? [], aux));
  // mlb stacks are of classic slates: a showdown slate is one game, its both-teams rule the roster's.
  if (style === 'hitters' && pool.roster.contestType === 'classic') add(mlbStackPlan(pool, settings, aux));
  if (style === 'teams') add(nbaStackPlan(pool, settings, aux));
  const notes: CodedMessage[] = [];
  add(groupPlan(pool, inputs.stackGroups ?? [], 'Stack group', notes));
  add(groupPlan(pool, inputs.groups ?? [], 'Group', notes));
  // A player named twice in a group is one note.
  const unique = new Map(notes.map((n) => [JSON.stringify(n), n]));
  return { statics, dimensions, notes: [...unique.values()] };
}
