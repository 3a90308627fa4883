import { describe, expect, it } from 'vitest';
import { heatBand, OWNERSHIP_HEAT_THRESHOLDS, POINTS_HEAT_THRESHOLDS } from './heat-map.js';

describe('heat-map bands', () => {
  it('counts the thresholds a value reaches', () => {
    expect(heatBand(4.9, POINTS_HEAT_THRESHOLDS)).toBe(0);
    expect(heatBand(5, POINTS_HEAT_THRESHOLDS)).toBe(1);
    expect(heatBand(30, POINTS_HEAT_THRESHOLDS)).toBe(5);
    expect(heatBand(12, OWNERSHIP_HEAT_THRESHOLDS)).toBe(3);
  });
  it('gives band 0 to missing values', () => {
    expect(heatBand(null, POINTS_HEAT_THRESHOLDS)).toBe(0);
    expect(heatBand(Number.NaN, POINTS_HEAT_THRESHOLDS)).toBe(0);
  });
});
