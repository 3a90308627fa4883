import { describe, expect, it } from 'vitest';
import {
  applyBaseExposures, defaultBaseExposureSettings, hasCustomExposure, normalizeBaseMaxExp, normalizePointThreshold,
} from './base-exposure.js';
import type { PlayerRow } from './player-edits.js';

const player = (Id: string, Position: string, ProjPts: number, MinExp = 0, MaxExp = 100): PlayerRow => ({
  Id, Name: `P${Id}`, Position, TeamAbbrev: 'KC', Opp: 'DET', Salary: 5000, ProjPts, ProjOwn: 5, MinExp, MaxExp,
});

describe('modal inputs', () => {
  it('caps Max Exp at 100 and keeps it at or above 0', () => {
    expect(normalizeBaseMaxExp(150)).toBe(100);
    expect(normalizeBaseMaxExp('40')).toBe(40);
    expect(normalizeBaseMaxExp(-5)).toBe(0);
  });

  it('keeps the points threshold at or above 0', () => {
    expect(normalizePointThreshold(-2)).toBe(0);
    expect(normalizePointThreshold('3.5')).toBe(3.5);
  });

  it('starts from Max Exp 100 and the spec thresholds', () => {
    expect(defaultBaseExposureSettings(['QB', 'RB', 'WR', 'TE', 'DST', 'K'])).toEqual({
      QB: { maxExp: 100, projPtsMin: 5 },
      RB: { maxExp: 100, projPtsMin: 3 },
      WR: { maxExp: 100, projPtsMin: 3 },
      TE: { maxExp: 100, projPtsMin: 2 },
      DST: { maxExp: 100, projPtsMin: 0 },
      K: { maxExp: 100, projPtsMin: 0 },
    });
  });
});

describe('applyBaseExposures', () => {
  const settings = {
    QB: { maxExp: 40, projPtsMin: 15 },
    RB: { maxExp: 60, projPtsMin: 8 },
    DST: { maxExp: 30, projPtsMin: 0 },
  };

  it('zeroes players below the threshold and sets Max Exp for the others', () => {
    const result = applyBaseExposures(
      [player('1', 'QB', 14.9), player('2', 'QB', 15), player('3', 'RB', 10), player('4', 'D', 4)],
      settings,
    );
    expect(result.map((p) => [p.MinExp, p.MaxExp])).toEqual([[0, 0], [0, 40], [0, 60], [0, 30]]);
  });

  it('skips players with their own exposures unless overriding', () => {
    const players = [player('1', 'QB', 20, 10, 100), player('2', 'RB', 20, 0, 50), player('3', 'RB', 20, 0, 0), player('4', 'RB', 2, 0, 0)];
    expect(applyBaseExposures(players, settings).map((p) => [p.MinExp, p.MaxExp])).toEqual([[10, 100], [0, 50], [0, 60], [0, 0]]);
    expect(applyBaseExposures(players, settings, { overrideAll: true }).map((p) => [p.MinExp, p.MaxExp])).toEqual([
      [10, 40], [0, 60], [0, 60], [0, 0],
    ]);
  });

  it('leaves positions without settings alone and caps a too-large Max Exp', () => {
    const result = applyBaseExposures([player('1', 'WR', 1), player('2', 'RB/WR', 9)], { RB: { maxExp: 250, projPtsMin: 3 } });
    expect(result.map((p) => p.MaxExp)).toEqual([100, 100]);
    const shrunk = applyBaseExposures([player('2', 'RB/WR', 9)], { RB: { maxExp: 20, projPtsMin: 3 } });
    expect(shrunk[0]?.MaxExp).toBe(20);
  });

  it('knows which exposures are custom', () => {
    expect(hasCustomExposure({ MinExp: 0, MaxExp: 100 })).toBe(false);
    expect(hasCustomExposure({ MinExp: 0, MaxExp: 0 })).toBe(false);
    expect(hasCustomExposure({ MinExp: 0, MaxExp: 99 })).toBe(true);
    expect(hasCustomExposure({ MinExp: 1, MaxExp: 100 })).toBe(true);
  });
});
