// A deliberately plain lineup model for tests: one column per (candidate, slot) pair the
// candidate may fill. It is written independently of the optimizer's model builder so that
// brute force, HiGHS and GLPK can be checked against each other on real rosters.
import type { RosterSpec } from '@stacksmith/domain';
import type { LinearModel, Row } from '../src/types.js';
import type { BruteCandidate } from './brute-force.js';

export interface SlotModel {
  model: LinearModel;
  /** What each column means. */
  columns: { candidate: number; slot: number }[];
}

/** Rows: each slot filled exactly once, each playerKey at most once, minSal ≤ salary ≤ maxSal. */
export function slotAssignmentModel(
  candidates: readonly BruteCandidate[], roster: RosterSpec, opts: { minSal: number; maxSal: number },
): SlotModel {
  const columns: SlotModel['columns'] = [];
  const objective: number[] = [];
  const salary: number[] = [];
  candidates.forEach((c, candidate) => {
    roster.slots.forEach((slot, s) => {
      if (c.onlySlot === 'captain' && !slot.captain) return;
      if (c.onlySlot === 'flex' && slot.captain) return;
      if (!slot.eligible.some((p) => c.positions.includes(p))) return;
      columns.push({ candidate, slot: s });
      objective.push(c.onlySlot ? c.points : c.points * slot.pointsMultiplier);
      salary.push(c.onlySlot ? c.salary : c.salary * slot.salaryMultiplier);
    });
  });
  const all = columns.map((_, j) => j);
  const rows: Row[] = [];
  roster.slots.forEach((_, s) => {
    const cols = all.filter((j) => columns[j]!.slot === s);
    rows.push({ cols, coefs: cols.map(() => 1), lo: 1, hi: 1, rule: `slot ${s}` });
  });
  for (const key of new Set(candidates.map((c) => c.playerKey))) {
    const cols = all.filter((j) => candidates[columns[j]!.candidate]!.playerKey === key);
    rows.push({ cols, coefs: cols.map(() => 1), lo: -Infinity, hi: 1, rule: `player ${key}` });
  }
  rows.push({ cols: all, coefs: salary, lo: opts.minSal, hi: opts.maxSal, rule: 'salary' });
  return {
    model: {
      objective: Float64Array.from(objective),
      lower: new Uint8Array(columns.length),
      upper: new Uint8Array(columns.length).fill(1),
      rows,
    },
    columns,
  };
}
