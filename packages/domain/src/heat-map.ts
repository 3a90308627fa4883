// Heat-map colouring of the player pool. The thresholds are ours (no source publishes any): a value's band is the number of thresholds it reaches.

/** Projected points bands (dk-scale fantasy points). */
export const POINTS_HEAT_THRESHOLDS = [5, 10, 15, 20, 25] as const;
/** Projected ownership bands, percent. */
export const OWNERSHIP_HEAT_THRESHOLDS = [2.5, 5, 10, 18, 25] as const;
/** Bands of a difference (user − house), absolute value, in points. */
export const DIFFERENCE_HEAT_THRESHOLDS = [0.5, 1, 3, 5, 7] as const;

/** 0 (below the first threshold) .. thresholds.length (at or above the last). */
export function heatBand(value: number | null | undefined, thresholds: readonly number[]): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return thresholds.filter((t) => value >= t).length;
}
