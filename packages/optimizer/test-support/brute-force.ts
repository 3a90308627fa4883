// The oracle: an exhaustive lineup search that knows nothing of LinearModel. It tries every
// way to fill the roster's slots and keeps the best. Meant for pools of at most ~14 players.
//
// Rules it applies, and nothing else:
//  - a candidate fills a slot only if one of its positions is in the slot's eligible list;
//  - a candidate restricted to one slot kind (a showdown row labelled CPT or FLEX) fills only
//    captain or only non-captain slots and counts its points and salary as given; any other
//    candidate counts points × slot.pointsMultiplier and salary × slot.salaryMultiplier;
//  - each playerKey appears at most once in a lineup (captain and flex candidates of one
//    real player share a playerKey);
//  - minSal ≤ total salary ≤ maxSal, and opts.extraCheck(lineup) when given.
// Permutations of identical slots (same eligibility, multipliers and captain flag) are the
// same lineup: within such a group candidates are taken in increasing index order, so every
// set of players is visited once per way of placing it into distinct slot kinds.
import { canonicalPositions, type RosterSpec, type Slot } from '@stacksmith/domain';
import type { PoolPlayer } from '../src/types.js';

export interface BruteCandidate {
  id: string;
  /** The real player; two candidates with the same key never share a lineup. */
  playerKey: string;
  /** Canonical positions. */
  positions: readonly string[];
  /** Points and salary before slot multipliers (or as-is for a restricted candidate). */
  points: number;
  salary: number;
  /** Only captain slots ('captain') or only the others ('flex'); absent: any eligible slot. */
  onlySlot?: 'captain' | 'flex';
}

export interface BruteSlot {
  /** Index into roster.slots. */
  slot: number;
  label: string;
  candidate: BruteCandidate;
  points: number;
  salary: number;
}

export interface BruteLineup {
  /** In roster slot order. */
  slots: BruteSlot[];
  points: number;
  salary: number;
}

export interface BruteOptions {
  minSal: number;
  maxSal: number;
  extraCheck?: (lineup: BruteLineup) => boolean;
}

/** The largest pool the search is meant for (it is exponential). */
export const BRUTE_FORCE_MAX_CANDIDATES = 28;

function fits(candidate: BruteCandidate, slot: Slot): boolean {
  if (candidate.onlySlot === 'captain' && !slot.captain) return false;
  if (candidate.onlySlot === 'flex' && slot.captain) return false;
  return slot.eligible.some((p) => candidate.positions.includes(p));
}

function slotValue(candidate: BruteCandidate, slot: Slot): { points: number; salary: number } {
  if (candidate.onlySlot) return { points: candidate.points, salary: candidate.salary };
  return { points: candidate.points * slot.pointsMultiplier, salary: candidate.salary * slot.salaryMultiplier };
}

function sameSlotKind(a: Slot, b: Slot): boolean {
  return a.captain === b.captain && a.pointsMultiplier === b.pointsMultiplier
    && a.salaryMultiplier === b.salaryMultiplier
    && a.eligible.length === b.eligible.length && a.eligible.every((p) => b.eligible.includes(p));
}

/**
 * Calls visit once for every valid lineup (each set of candidates in distinct slot kinds
 * once). Returns the number of lineups visited.
 */
export function enumerateLineups(
  players: readonly BruteCandidate[], roster: RosterSpec, opts: BruteOptions, visit: (lineup: BruteLineup) => void,
): number {
  if (players.length > BRUTE_FORCE_MAX_CANDIDATES) {
    throw new Error(`brute force is for pools of at most ${BRUTE_FORCE_MAX_CANDIDATES} candidates, got ${players.length}`);
  }
  const slots = roster.slots;
  // previousSame[s]: the nearest earlier slot of the same kind, or -1.
  const previousSame = slots.map((slot, s) => {
    for (let t = s - 1; t >= 0; t--) if (sameSlotKind(slots[t]!, slot)) return t;
    return -1;
  });
  const pruneOnSalary = players.every((c) => c.salary >= 0);
  const chosen: number[] = [];
  const usedKeys = new Set<string>();
  let count = 0;

  const fill = (s: number, salary: number): void => {
    if (pruneOnSalary && salary > opts.maxSal) return;
    if (s === slots.length) {
      if (salary < opts.minSal || salary > opts.maxSal) return;
      const lineupSlots = chosen.map((c, t) => {
        const candidate = players[c]!;
        const slot = slots[t]!;
        return { slot: t, label: slot.label, candidate, ...slotValue(candidate, slot) };
      });
      const lineup: BruteLineup = {
        slots: lineupSlots,
        points: lineupSlots.reduce((a, x) => a + x.points, 0),
        salary: lineupSlots.reduce((a, x) => a + x.salary, 0),
      };
      if (opts.extraCheck && !opts.extraCheck(lineup)) return;
      count++;
      visit(lineup);
      return;
    }
    const slot = slots[s]!;
    const first = previousSame[s]! >= 0 ? chosen[previousSame[s]!]! + 1 : 0;
    for (let c = first; c < players.length; c++) {
      const candidate = players[c]!;
      if (usedKeys.has(candidate.playerKey) || !fits(candidate, slot)) continue;
      usedKeys.add(candidate.playerKey);
      chosen.push(c);
      fill(s + 1, salary + slotValue(candidate, slot).salary);
      chosen.pop();
      usedKeys.delete(candidate.playerKey);
    }
  };
  fill(0, 0);
  return count;
}

/** The best lineup by points (the first found among ties), or null when none is valid. */
export function bruteForceBest(
  players: readonly BruteCandidate[], roster: RosterSpec, opts: BruteOptions,
): BruteLineup | null {
  let best: BruteLineup | null = null;
  enumerateLineups(players, roster, opts, (lineup) => {
    if (!best || lineup.points > best.points) best = lineup;
  });
  return best;
}

/** Every valid lineup, best first. */
export function bruteForceAll(players: readonly BruteCandidate[], roster: RosterSpec, opts: BruteOptions): BruteLineup[] {
  const all: BruteLineup[] = [];
  enumerateLineups(players, roster, opts, (lineup) => all.push(lineup));
  return all.sort((a, b) => b.points - a.points);
}

const CAPTAIN_LABELS = new Set(['CPT', 'CAPTAIN', 'MVP', 'SUPERSTAR', 'STUD']);

/**
 * Candidates of pool rows, written independently of the optimizer's pool code: points are
 * UserProj when it is a finite number, else ProjPts (no ceiling, boost or randomness unless
 * pointsOf says otherwise); a showdown row with RosterPosition is restricted to its slot kind;
 * rows with the same Name, TeamAbbrev and positions are one real player.
 */
export function bruteCandidates(
  roster: RosterSpec, players: readonly PoolPlayer[], pointsOf?: (player: PoolPlayer) => number,
): BruteCandidate[] {
  return players.map((p) => {
    const positions = canonicalPositions(roster, p.Position);
    const label = p.RosterPosition?.trim().toUpperCase();
    const points = pointsOf ? pointsOf(p)
      : typeof p.UserProj === 'number' && Number.isFinite(p.UserProj) ? p.UserProj : p.ProjPts;
    const candidate: BruteCandidate = {
      id: p.Id, playerKey: `${p.Name}|${p.TeamAbbrev}|${positions.join('/')}`, positions, points, salary: p.Salary,
    };
    if (roster.contestType === 'showdown' && label) candidate.onlySlot = CAPTAIN_LABELS.has(label) ? 'captain' : 'flex';
    return candidate;
  });
}
