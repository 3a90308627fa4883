// Demo ownership that reads like a real field's: every roster slot is filled by exactly one
// player in every lineup, so each slot hands out 100 % among the players eligible for it, and a
// player's ownership is the sum of his shares over the slots he can fill. The position sums of a
// slate then match its roster (nfl dk classic: QB 100 %, DST 100 %, RB 200 % plus a FLEX share).
import type { Random } from './random.js';

export interface OwnershipCandidate {
  /** Canonical positions the player can fill (defence as 'DST'). */
  positions: readonly string[];
  proj: number;
  salary: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Ownership percents of `rows` for a roster of `slots`. A player's pull favours raw points and
 * points per salary, with some noise; `cap` bounds one player's share (chalk, not everyone).
 */
export function slotOwnership(
  rows: readonly OwnershipCandidate[], slots: readonly { eligible: readonly string[] }[], random: Random, cap = 65,
): number[] {
  const pull = rows.map((r) => Math.pow(Math.max(r.proj, 0.1), 6) * Math.pow(Math.max(r.proj, 0.1) / Math.max(r.salary, 1), 4)
    * Math.exp(random.normal() * 0.35));
  const owned = rows.map(() => 0);
  for (const slot of slots) {
    const eligible = rows.map((r, i) => (r.positions.some((p) => slot.eligible.includes(p)) ? i : -1)).filter((i) => i >= 0);
    const total = eligible.reduce((a, i) => a + pull[i]!, 0);
    if (total <= 0) continue;
    for (const i of eligible) owned[i] = owned[i]! + (pull[i]! / total) * 100;
  }
  // A share over the cap goes to the other players of the same positions, so position sums hold.
  for (let pass = 0; pass < 200; pass++) {
    const over = owned.findIndex((o) => o > cap + 1e-9);
    if (over < 0) break;
    const key = rows[over]!.positions.join('/');
    const open = (test: (r: OwnershipCandidate) => boolean) =>
      rows.map((r, i) => (i !== over && test(r) && owned[i]! < cap ? i : -1)).filter((i) => i >= 0);
    // Failing those (showdown: one quarterback a side), the others of the slots he fills.
    const fills = (r: OwnershipCandidate) => slots.some((s) => s.eligible.some((p) => r.positions.includes(p)) && s.eligible.some((p) => rows[over]!.positions.includes(p)));
    const samePosition = open((r) => r.positions.join('/') === key);
    const peers = samePosition.length > 0 ? samePosition : open(fills);
    const excess = owned[over]! - cap;
    owned[over] = cap;
    const base = peers.reduce((a, i) => a + owned[i]!, 0);
    for (const i of peers) owned[i] = owned[i]! + (base > 0 ? excess * (owned[i]! / base) : excess / peers.length);
  }
  return owned.map((o) => round2(Math.min(cap, o)));
}
