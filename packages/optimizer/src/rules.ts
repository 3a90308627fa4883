// Each rule is a small unit that adds rows or column bounds to one lineup's model, named so
// that an infeasible build can say which rules clash. Stacks and groups join this list.
import {
  CAPTAIN_SHARE_KEYS, FLEX_SHARE_KEYS, OWNERSHIP_BRACKETS, type BuildSettings,
} from '@stacksmith/domain';
import type { Pool } from './pool.js';
import type { Row } from './types.js';

export interface Contribution {
  rule: string;
  rows: Row[];
  /** Column upper bounds forced to 0. */
  exclude?: number[];
  /** Column sets of which at least one must be chosen (a unit forced in). */
  forceUnits?: number[];
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

/** Roster: each slot group filled, slot eligibility (Hall's condition), each player once. */
export function rosterRule(pool: Pool): Contribution {
  const rule = 'Roster';
  const rows: Row[] = [];
  const { roster, groups, candidates } = pool;
  groups.forEach((group, g) => {
    const inGroup = candidates.map((c, i) => (c.group === g ? i : -1)).filter((i) => i >= 0);
    rows.push(row(rule, inGroup, 1, group.slots.length, group.slots.length));
    // Slot types of the group: slots with the same eligible positions are interchangeable.
    const types: { eligible: string[]; count: number }[] = [];
    for (const s of group.slots) {
      const eligible = [...roster.slots[s]!.eligible].sort();
      const type = types.find((t) => t.eligible.join() === eligible.join());
      if (type) type.count++;
      else types.push({ eligible, count: 1 });
    }
    if (types.length > 12) throw new Error('too many slot types for the eligibility rows');
    rows.push(...eligibilityRows(rule, types, inGroup.map((i) => ({ col: i, positions: candidates[i]!.positions }))));
  });
  for (const cols of pool.playerCandidates) if (cols.length > 1) rows.push(row(rule, cols, 1, -Infinity, 1));
  return { rule, rows };
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
    if (settings[check.key] !== false) continue;
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
 * Flex shares: once a position has filled the flex slot in its share of lineups, later
 * lineups hold no more of that position than its own slots.
 */
export function flexShareRules(pool: Pool, settings: BuildSettings, flexUsed: Map<string, number>, total: number): Contribution[] {
  const out: Contribution[] = [];
  const slots = pool.roster.slots.filter((s) => !s.captain);
  const hasFlex = slots.some((s) => s.eligible.length > 1);
  if (!hasFlex) return out;
  for (const [position, key] of Object.entries(FLEX_SHARE_KEYS)) {
    const share = Number(settings[key]);
    if (!(share < 1) || !slots.some((s) => s.eligible.length > 1 && s.eligible.includes(position))) continue;
    const own = slots.filter((s) => s.eligible.length === 1 && s.eligible[0] === position).length;
    // Without slots of its own (showdown) a position has no flex share: its players are all flex.
    if (own === 0) continue;
    if ((flexUsed.get(position) ?? 0) < Math.floor(share * total + 1e-9)) continue;
    const cols = pool.candidates.map((c, i) => (c.primary === position ? i : -1)).filter((i) => i >= 0);
    const rule = `${position} flex share ${Math.round(share * 100)}%`;
    out.push({ rule, rows: [row(rule, cols, 1, -Infinity, own)] });
  }
  return out;
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

/** Captain shares: a position that has captained its share of lineups captains no more. */
export function captainShareRules(pool: Pool, settings: BuildSettings, captainUsed: Map<string, number>, total: number): Contribution[] {
  const out: Contribution[] = [];
  for (const [position, key] of Object.entries(CAPTAIN_SHARE_KEYS)) {
    const share = Number(settings[key]);
    if (!(share < 1)) continue;
    if ((captainUsed.get(position) ?? 0) < Math.floor(share * total + 1e-9)) continue;
    const cols = pool.candidates
      .map((c, i) => (c.primary === position && pool.groups[c.group]!.captain ? i : -1))
      .filter((i) => i >= 0);
    if (cols.length > 0) out.push({ rule: `${position} captain share ${Math.round(share * 100)}%`, rows: [], exclude: cols });
  }
  return out;
}
