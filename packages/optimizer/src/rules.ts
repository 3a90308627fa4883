// Each rule is a small unit that adds rows or column bounds to one lineup's model, named so
// that an infeasible build can say which rules clash. Stacks and groups join this list.
import {
  CAPTAIN_SHARE_KEYS, FLEX_SHARE_KEYS, gameKey, OWNERSHIP_BRACKETS, readFlag, teamRulesShortfall, type BuildSettings,
} from '@stacksmith/domain';
import type { Pool } from './pool.js';
import type { AuxColumns, PlanDimension, PlanOption } from './stack-rules.js';
import { InputError } from './types.js';
import type { Row } from './types.js';

export interface Contribution {
  rule: string;
  rows: Row[];
  /** Column upper bounds forced to 0. */
  exclude?: number[];
  /** Column sets of which at least one must be chosen (a unit forced in). */
  forceUnits?: number[];
  /** Columns whose lower bound is 1 (players kept in a late swap). */
  fix?: number[];
  /** Auxiliary columns (after the candidates) the rows use; the others stay at 0. */
  aux?: number[];
  /**
   * Columns the rows hinge on (a stack's QBs, a rule's indicator columns): the solver
   * branches on them before the others, since fixing one settles which rows bind.
   */
  structural?: number[];
  /** Column sets the rows (with the roster's) allow at most one of: see LinearModel.exclusive. */
  exclusive?: number[][];
}

export interface LineupContext {
  pool: Pool;
  settings: BuildSettings;
  /** Ownership per candidate for this lineup (randomised when projOwnRandInput is set). */
  own: Float64Array;
}

function row(rule: string, cols: number[], coefs: number[] | number, lo: number, hi: number): Row {
  return { rule, cols, coefs: typeof coefs === 'number' ? cols.map(() => coefs) : coefs, lo, hi };
}

/**
 * Roster: each slot group filled, slot eligibility (Hall's condition), each player once.
 * With `pinned` (slot → column, a late swap) those columns are fixed in their slots and the
 * other players fill the open slots.
 */
export function rosterRule(pool: Pool, pinned?: ReadonlyMap<number, number>): Contribution {
  const rule = 'Roster';
  const rows: Row[] = [];
  const { roster, groups, candidates } = pool;
  const fixed = new Set(pinned?.values() ?? []);
  const fixedPlayers = new Set([...fixed].map((c) => candidates[c]!.player));
  const exclude: number[] = [];
  groups.forEach((group, g) => {
    const open = group.slots.filter((s) => !pinned?.has(s));
    const fitsOpen = (positions: string[]) => open.some((s) => roster.slots[s]!.eligible.some((p) => positions.includes(p)));
    const inGroup: number[] = [];
    candidates.forEach((c, i) => {
      if (c.group !== g || fixed.has(i)) return;
      // With slots pinned (late swap), a player no open slot accepts is out: the Hall rows
      // below cover sets of open slot types, and the count row alone would let him in.
      if (fixedPlayers.has(c.player) || !fitsOpen(c.positions)) exclude.push(i);
      else inGroup.push(i);
    });
    rows.push(row(rule, inGroup, 1, open.length, open.length));
    // Slot types of the group: slots with the same eligible positions are interchangeable.
    const types: { eligible: string[]; count: number }[] = [];
    for (const s of open) {
      const eligible = [...roster.slots[s]!.eligible].sort();
      const type = types.find((t) => t.eligible.join() === eligible.join());
      if (type) type.count++;
      else types.push({ eligible, count: 1 });
    }
    if (types.length > 12) throw new Error('too many slot types for the eligibility rows');
    if (types.length > 0) rows.push(...eligibilityRows(rule, types, inGroup.map((i) => ({ col: i, positions: candidates[i]!.positions }))));
  });
  for (const cols of pool.playerCandidates) if (cols.length > 1) rows.push(row(rule, cols, 1, -Infinity, 1));
  const out: Contribution = { rule, rows };
  if (fixed.size > 0) out.fix = [...fixed];
  if (exclude.length > 0) out.exclude = exclude;
  return out;
}

/**
 * Hall's condition as rows: with every slot filled, a set of players fits the slots iff for
 * every set T of slot types, the players who fit some type in T number at least T's slots.
 * Players are grouped into classes (the types that accept them); a row is kept only when no
 * split of its classes into two smaller rows already implies it, which leaves the familiar
 * position minimums on simple rosters (QB ≥ 1, RB ≥ 2, …) instead of dozens of dense rows.
 */
function eligibilityRows(
  rule: string,
  types: { eligible: string[]; count: number }[],
  players: { col: number; positions: string[] }[],
): Row[] {
  const classCols = new Map<number, number[]>();
  for (const { col, positions } of players) {
    const mask = types.reduce((m, t, k) => (t.eligible.some((p) => positions.includes(p)) ? m | (1 << k) : m), 0);
    classCols.set(mask, [...(classCols.get(mask) ?? []), col]);
  }
  const classMasks = [...classCols.keys()];
  const k = classMasks.length;
  const totalSlots = types.reduce((sum, t) => sum + t.count, 0);
  // direct[S]: the largest slot count that the players of class set S must cover.
  const direct = new Map<number, number>();
  for (let t = 1; t < (1 << types.length) - 1; t++) {
    const capacity = types.reduce((sum, type, i) => (t & (1 << i) ? sum + type.count : sum), 0);
    let set = 0;
    classMasks.forEach((mask, c) => { if (mask & t) set |= 1 << c; });
    if (capacity > (direct.get(set) ?? 0)) direct.set(set, capacity);
  }
  const keep = (set: number, bound: number) => bound > 0 && bound < totalSlots + 1;
  let kept: [number, number][] = [...direct.entries()].filter(([set, bound]) => keep(set, bound));
  if (k <= 14) {
    // implied[S]: the best bound that sums of rows over disjoint parts of S give.
    const best = new Float64Array(1 << k);
    const derived = new Float64Array(1 << k);
    for (let set = 1; set < 1 << k; set++) {
      let fromParts = 0;
      for (let a = (set - 1) & set; a > 0; a = (a - 1) & set) {
        if (a < (set ^ a)) continue; // each split once
        fromParts = Math.max(fromParts, best[a]! + best[set ^ a]!);
      }
      derived[set] = fromParts;
      best[set] = Math.max(fromParts, direct.get(set) ?? 0);
    }
    kept = kept.filter(([set, bound]) => bound > derived[set]!);
  }
  return kept.map(([set, bound]) => {
    const cols = classMasks.flatMap((mask, c) => (set & (1 << c) ? classCols.get(mask)! : []));
    return row(rule, cols, 1, bound, Infinity);
  });
}

export function salaryRule(pool: Pool, settings: BuildSettings): Contribution {
  const maxSal = Math.min(settings.maxSal, pool.roster.salaryCap);
  const rule = `Salary ${settings.minSal}–${maxSal}`;
  const cols = pool.candidates.map((_, i) => i);
  return { rule, rows: [row(rule, cols, pool.candidates.map((c) => c.salary), settings.minSal, maxSal)] };
}

export function ownershipRules(ctx: LineupContext): Contribution[] {
  const { pool, settings, own } = ctx;
  const size = pool.roster.slots.length;
  const cols = pool.candidates.map((_, i) => i);
  const out: Contribution[] = [];
  const maxOwn = Math.max(0, ...own) * size;
  if (settings.minTotalOwn > 0 || settings.maxTotalOwn < maxOwn) {
    const rule = `Total ownership ${settings.minTotalOwn}–${settings.maxTotalOwn}`;
    out.push({ rule, rows: [row(rule, cols, Array.from(own), settings.minTotalOwn, settings.maxTotalOwn)] });
  }
  OWNERSHIP_BRACKETS.forEach((bracket, k) => {
    const min = Number(settings[`minUnderOwn_${k + 1}` as keyof BuildSettings] ?? 0);
    const max = Number(settings[`maxUnderOwn_${k + 1}` as keyof BuildSettings] ?? size);
    if (min <= 0 && max >= size) return;
    const under = cols.filter((i) => own[i]! < bracket);
    const rule = `Players under ${bracket}% owned ${min}–${max}`;
    out.push({ rule, rows: [row(rule, under, 1, min, max)] });
  });
  return out;
}

/** Top-N: at least `force` of the `thresh` best players by projection (no randomness). */
export function topNRules(pool: Pool, settings: BuildSettings): Contribution[] {
  const out: Contribution[] = [];
  const best = pool.playerCandidates
    .map((cols, player) => ({ player, points: Math.min(...cols.map((i) => pool.candidates[i]!.points)) }))
    .sort((a, b) => b.points - a.points || a.player - b.player);
  for (const k of [0, 1, 2]) {
    const force = Number(settings[`topN_${k}force` as keyof BuildSettings] ?? 0);
    const thresh = Number(settings[`topN_${k}thresh` as keyof BuildSettings] ?? 0);
    if (!(force > 0) || !(thresh > 0)) continue;
    const cols = best.slice(0, thresh).flatMap(({ player }) => pool.playerCandidates[player]!);
    const rule = `At least ${force} of the top ${thresh} players`;
    out.push({ rule, rows: [row(rule, cols, 1, force, Infinity)] });
  }
  return out;
}

/**
 * Rosters declared oneSideOfMatchup (mma): a player and the opponent his Opp names, matched by
 * name, are never in one lineup together.
 */
export function matchupRule(pool: Pool): Contribution[] {
  if (!pool.roster.oneSideOfMatchup) return [];
  const rule = 'One side of a matchup';
  const byName = new Map<string, number[]>();
  pool.playerCandidates.forEach((cols, player) => {
    const name = pool.units[pool.candidates[cols[0]!]!.unit]!.Name.trim().toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), player]);
  });
  const rows: Row[] = [];
  pool.playerCandidates.forEach((cols, player) => {
    const c = pool.candidates[cols[0]!]!;
    const name = pool.units[c.unit]!.Name.trim().toLowerCase();
    for (const other of byName.get(c.opp.trim().toLowerCase()) ?? []) {
      // Each bout once: from the side whose name sorts first (or the lower index for equal names).
      if (other === player || name > c.opp.trim().toLowerCase() || (name === c.opp.trim().toLowerCase() && other < player)) continue;
      rows.push(row(rule, [...cols, ...pool.playerCandidates[other]!], 1, -Infinity, 1));
    }
  });
  return rows.length > 0 ? [{ rule, rows }] : [];
}

/** A defence never faces the opposing players the settings forbid (QB, flex, kicker). */
export function defenceRules(pool: Pool, settings: BuildSettings): Contribution[] {
  const checks: { key: keyof BuildSettings; label: string; positions: string[] }[] = [
    { key: 'allowDefenseVsQB', label: 'QB', positions: ['QB'] },
    { key: 'allowDefenseVsFlex', label: 'RB/WR/TE', positions: ['RB', 'WR', 'TE'] },
    { key: 'allowDefenseVsKicker', label: 'K', positions: ['K'] },
  ];
  const { candidates, roster } = pool;
  const out: Contribution[] = [];
  for (const check of checks) {
    // Settings may arrive as numbers or text (0, 'false'); a missing one allows the pairing.
    if (readFlag(settings[check.key], true)) continue;
    const rule = `Defence vs ${check.label}`;
    const rows: Row[] = [];
    // How many such opponents a lineup can hold bounds the row's big-M tightly.
    const maxInLineup = roster.slots.filter((s) => s.eligible.some((p) => check.positions.includes(p))).length;
    const defencePlayers = new Set(candidates.filter((c) => c.positions.includes('DST')).map((c) => c.player));
    for (const player of defencePlayers) {
      const own = pool.playerCandidates[player]!;
      const team = candidates[own[0]!]!.team;
      const opponents = candidates
        .map((c, i) => ((c.opp === team || candidates[own[0]!]!.opp === c.team) && c.team !== team
          && c.positions.some((p) => check.positions.includes(p)) ? i : -1))
        .filter((i) => i >= 0);
      if (opponents.length === 0) continue;
      const m = Math.min(maxInLineup, new Set(opponents.map((i) => candidates[i]!.player)).size);
      rows.push({ ...row(rule, [...own, ...opponents], [...own.map(() => m), ...opponents.map(() => 1)], -Infinity, m), lazy: true });
    }
    if (rows.length > 0) out.push({ rule, rows });
  }
  return out;
}

/**
 * Flex shares (nfl classic) as plan dimensions: a position with share s < 1 may fill the flex
 * slot in round(s·N) lineups; in the others it holds no more than its own slots. When every
 * flex position has a share, each lineup gets one flex position instead, by frequency.
 */
export function flexShareDimensions(pool: Pool, settings: BuildSettings): PlanDimension[] {
  const slots = pool.roster.slots.filter((s) => !s.captain);
  if (!slots.some((s) => s.eligible.length > 1)) return [];
  const positions = Object.keys(FLEX_SHARE_KEYS).filter((position) =>
    slots.some((s) => s.eligible.length > 1 && s.eligible.includes(position))
    // Without slots of its own (showdown) a position has no flex share: its players are all flex.
    && slots.some((s) => s.eligible.length === 1 && s.eligible[0] === position));
  const notAtFlex = (position: string): Contribution => {
    const own = slots.filter((s) => s.eligible.length === 1 && s.eligible[0] === position).length;
    const cols = pool.candidates.map((c, i) => (c.primary === position && !pool.groups[c.group]!.captain ? i : -1)).filter((i) => i >= 0);
    const rule = `No ${position} at flex`;
    return { rule, rows: [row(rule, cols, 1, -Infinity, own)] };
  };
  return shareDimensions(positions, (p) => Number(settings[FLEX_SHARE_KEYS[p]!]), 'flex', notAtFlex);
}

/** Captain shares (showdown) as plan dimensions, like the flex shares. */
export function captainShareDimensions(pool: Pool, settings: BuildSettings): PlanDimension[] {
  const positions = Object.keys(CAPTAIN_SHARE_KEYS).filter((position) =>
    pool.candidates.some((c) => c.primary === position && pool.groups[c.group]!.captain));
  const notCaptain = (position: string): Contribution => ({
    rule: `No ${position} captain`,
    rows: [],
    exclude: pool.candidates.map((c, i) => (c.primary === position && pool.groups[c.group]!.captain ? i : -1)).filter((i) => i >= 0),
  });
  return shareDimensions(positions, (p) => Number(settings[CAPTAIN_SHARE_KEYS[p]!]), 'captain', notCaptain);
}

function shareDimensions(positions: string[], share: (p: string) => number, what: string, without: (p: string) => Contribution): PlanDimension[] {
  const clamp = (x: number) => Math.max(0, Math.min(1, Number.isFinite(x) ? x : 1));
  const capped = positions.filter((p) => clamp(share(p)) < 1);
  if (capped.length === 0) return [];
  const pct = (p: string) => `${Math.round(clamp(share(p)) * 100)}%`;
  if (capped.length < positions.length) {
    // A position without a share is always there to take the slot: each share is its own plan.
    return capped.map((p) => ({
      name: `${p} ${what} share ${pct(p)}`,
      options: [
        { label: `${p} may be ${what}`, freq: clamp(share(p)), parts: [] },
        { label: `No ${p} ${what}`, freq: 1 - clamp(share(p)), parts: [without(p)] },
      ].filter((o) => o.freq > 0),
    }));
  }
  const total = capped.reduce((sum, p) => sum + clamp(share(p)), 0);
  const options: PlanOption[] = capped.map((p) => ({
    label: `${p} ${what}`, freq: clamp(share(p)), parts: capped.filter((q) => q !== p).map(without),
  })).filter((o) => o.freq > 0);
  // Shares that sum below 100 % leave lineups with no position allowed: planned as such, they
  // fall back to the most frequent position with a warning.
  if (total < 1 - 1e-9) options.push({ label: `no ${what} position left`, freq: 1 - total, parts: capped.map(without) });
  return [{ name: `${what[0]!.toUpperCase()}${what.slice(1)} shares`, options }];
}

/** The position that filled the flex slot of a lineup, if any. */
export function flexPosition(pool: Pool, chosen: number[]): string | null {
  const slots = pool.roster.slots.filter((s) => !s.captain);
  for (const position of Object.keys(FLEX_SHARE_KEYS)) {
    const own = slots.filter((s) => s.eligible.length === 1 && s.eligible[0] === position).length;
    const count = chosen.filter((i) => pool.candidates[i]!.primary === position && !pool.groups[pool.candidates[i]!.group]!.captain).length;
    if (count > own && slots.some((s) => s.eligible.length > 1 && s.eligible.includes(position))) return position;
  }
  return null;
}


/** Columns of each key (a team, a game) among the candidates `counted` accepts. */
function columnsBy(pool: Pool, key: (i: number) => string, counted: (i: number) => boolean): Map<string, number[]> {
  const out = new Map<string, number[]>();
  pool.candidates.forEach((_, i) => {
    if (!counted(i)) return;
    const k = key(i);
    out.set(k, [...(out.get(k) ?? []), i]);
  });
  return out;
}

/**
 * At least `min` of the keys (teams or games) hold a chosen column. For two, one row per
 * key says "something outside it" (no extra columns; held back until broken, as they seldom
 * bind); for more, an indicator per key that may be 1 only when the key has a player.
 */
function spanRows(rule: string, byKey: Map<string, number[]>, min: number, aux: AuxColumns): Contribution | null {
  const keys = [...byKey.keys()];
  if (min <= 1) return null;
  if (min === 2) {
    const all = keys.flatMap((k) => byKey.get(k)!);
    const rows = keys.map((k) => {
      const inside = new Set(byKey.get(k)!);
      return { ...row(rule, all.filter((c) => !inside.has(c)), 1, 1, Infinity), lazy: true };
    });
    return { rule, rows };
  }
  const y = aux.take(keys.length);
  const rows = keys.map((k, i) => {
    const cols = byKey.get(k)!;
    return row(rule, [...cols, y[i]!], [...cols.map(() => 1), -1], 0, Infinity);
  });
  rows.push(row(rule, y, 1, min, Infinity));
  return { rule, rows, aux: y };
}

/**
 * The site's team and game rules of the roster table (teamRules): at most so many players
 * of one team, players of at least so many teams and games. Throws InputError when the pool
 * cannot meet them (a whole game faded), in the words the pre-build check shows.
 */
export function teamRulesParts(pool: Pool, aux: AuxColumns): Contribution[] {
  const { roster, candidates } = pool;
  const rules = roster.teamRules;
  if (roster.teamless || !rules) return [];
  const available = pool.units.filter((u, i) => pool.unitCandidates[i]!.length > 0 && (u.MaxExp ?? 100) > 0);
  const shortfall = teamRulesShortfall(roster, available);
  if (shortfall) throw new InputError(shortfall);
  const countedBy = (positions?: readonly string[]) => (i: number) =>
    !positions || candidates[i]!.positions.some((p) => positions.includes(p));
  const out: Contribution[] = [];
  const { maxPerTeam, minTeams, minGames } = rules;
  if (maxPerTeam) {
    const rule = `At most ${maxPerTeam.count} ${maxPerTeam.positions ? 'hitters' : 'players'} of a team`;
    const rows = [...columnsBy(pool, (i) => candidates[i]!.team, countedBy(maxPerTeam.positions)).values()]
      .filter((cols) => new Set(cols.map((c) => candidates[c]!.player)).size > maxPerTeam.count)
      .map((cols) => row(rule, cols, 1, -Infinity, maxPerTeam.count));
    if (rows.length > 0) out.push({ rule, rows });
  }
  const size = roster.slots.length;
  // A cap on every player of a team already spreads a lineup over enough teams (FanDuel: 9 > 2 × 4).
  const impliedTeams = maxPerTeam && !maxPerTeam.positions ? Math.ceil(size / maxPerTeam.count) : 1;
  if (minTeams && minTeams.count > impliedTeams) {
    const part = spanRows(`Players of at least ${minTeams.count} teams`,
      columnsBy(pool, (i) => candidates[i]!.team, countedBy(minTeams.positions)), minTeams.count, aux);
    if (part) out.push(part);
  }
  if (minGames) {
    const part = spanRows(`Players from at least ${minGames} games`,
      columnsBy(pool, (i) => gameKey(candidates[i]!.team, candidates[i]!.opp), () => true), minGames, aux);
    if (part) out.push(part);
  }
  return out;
}
