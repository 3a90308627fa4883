// Plans by frequency (docs/optimizer.md "Plans by frequency"): every per-lineup choice with a share is
// fixed up front. An option of frequency f gets round(f·N) lineups by largest-remainder
// rounding (the counts sum to N), and the lineups of each option are spread evenly over the
// build, so that a cancelled build keeps the mix.

/**
 * Lineup counts for frequencies over N lineups: floor(f·N) each, then the lineups left go to
 * the largest remainders (ties: the larger frequency, then the earlier option). Frequencies
 * are normalised when they do not sum to 1; all-zero frequencies give all-zero counts.
 */
export function largestRemainder(frequencies: readonly number[], n: number): number[] {
  const clean = frequencies.map((f) => (Number.isFinite(f) && f > 0 ? f : 0));
  const sum = clean.reduce((a, b) => a + b, 0);
  if (sum <= 0 || n <= 0) return clean.map(() => 0);
  const exact = clean.map((f) => (f / sum) * n);
  const counts = exact.map((x) => Math.floor(x + 1e-9));
  let left = n - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rem: x - counts[i]! }))
    // Remainders within 1e-9 are ties (float noise must not decide): the larger frequency wins.
    .sort((a, b) => (Math.abs(b.rem - a.rem) > 1e-9 ? b.rem - a.rem : 0) || clean[b.i]! - clean[a.i]! || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i]! += 1;
    left -= 1;
  }
  return counts;
}

/**
 * A sequence of option indices with exactly counts[i] entries of option i, spread evenly:
 * lineup k takes the option furthest behind its due share counts[i]·(k+1)/N. Each prefix of
 * the sequence holds every option within one lineup of its share.
 */
export function spreadEvenly(counts: readonly number[]): number[] {
  const n = counts.reduce((a, b) => a + b, 0);
  const used = counts.map(() => 0);
  const sequence: number[] = [];
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestDeficit = -Infinity;
    counts.forEach((c, i) => {
      if (used[i]! >= c) return;
      const deficit = (c * (k + 1)) / n - used[i]!;
      if (deficit > bestDeficit + 1e-12 || (Math.abs(deficit - bestDeficit) <= 1e-12 && c > counts[best]!)) {
        best = i;
        bestDeficit = deficit;
      }
    });
    used[best]! += 1;
    sequence.push(best);
  }
  return sequence;
}

/** The option of each of N lineups for the given frequencies (largest remainder, spread evenly). */
export function planByFrequency(frequencies: readonly number[], n: number): number[] {
  return spreadEvenly(largestRemainder(frequencies, n));
}

/** A yes/no plan: true in round(share·N) lineups, spread evenly. */
export function planShare(share: number, n: number): boolean[] {
  const s = Math.max(0, Math.min(1, Number.isFinite(share) ? share : 0));
  return planByFrequency([s, 1 - s], n).map((option) => option === 0);
}
