import { describe, expect, it } from 'vitest';
import {
  BASE_EXPOSURE_DEFAULTS, CURRENT_SEASON, DEFAULT_NUM_TEAMS, DEFAULT_SITES, FOOTER_YEAR, PRESET_ACTIVE_MS, RETRY_DELAY_MS,
  SAVE_DEBOUNCE_MS, SEASONS_AVAILABLE, TABLE_LAYOUTS, TOKEN_STORAGE_KEY, TOOLTIP_HOVER_DELAY_SECONDS,
  boostFactor, clampBoost, expectedPointsAtSalary, isExposureInRange, isExposureOutsideTolerance, leverage, leverageBand,
  gppValue, ownershipBucketCounts, ownershipBucketsOf, pointsAboveSalaryValue, roundTo, valuePerSalary,
} from './formulas.js';
import { getRoster, type Site, type Sport } from './roster.js';

describe('salary value', () => {
  it('reads multiplier/add as salary / 1000 × multiplier + add', () => {
    expect(expectedPointsAtSalary('dk', 'QB', 7000)).toBeCloseTo(19.8);
    expect(expectedPointsAtSalary('dk', 'RB', 6000)).toBeCloseTo(12.6);
    expect(expectedPointsAtSalary('dk', 'TE', 4000)).toBeCloseTo(9.6);
    expect(expectedPointsAtSalary('dk', 'DST', 3000)).toBeCloseTo(6.6);
    expect(expectedPointsAtSalary('fd', 'WR', 7000)).toBeCloseTo(10.6);
    expect(expectedPointsAtSalary('fd', 'DST', 4000)).toBeCloseTo(6.4);
    expect(expectedPointsAtSalary('ya', 'QB', 35)).toBeCloseTo(19.75);
    expect(expectedPointsAtSalary('ya', 'TE', 20)).toBeCloseTo(7.7);
  });

  it('gives comparable expectations across sites for comparable players', () => {
    const dk = expectedPointsAtSalary('dk', 'QB', 7000)!;
    const ya = expectedPointsAtSalary('ya', 'QB', 35)!;
    expect(Math.abs(dk - ya)).toBeLessThan(1);
  });

  it('has no value for positions without coefficients', () => {
    expect(expectedPointsAtSalary('dk', 'K', 5000)).toBeNull();
    expect(pointsAboveSalaryValue('dk', 'K', 5000, 8)).toBeNull();
    expect(pointsAboveSalaryValue('dk', 'QB', 7000, 25)).toBeCloseTo(5.2);
  });

  it('GPP Value reads site position texts (D, DEF, multi-position) and has none for K', () => {
    expect(gppValue('dk', 'QB', 7000, 25)).toBeCloseTo(5.2);
    expect(gppValue('fd', 'D', 4000, 8)).toBeCloseTo(8 - 6.4);
    expect(gppValue('ya', 'DEF', 10, 5)).toBeCloseTo(5 - 4.6);
    expect(gppValue('dk', 'RB/WR', 6000, 10)).toBeCloseTo(-2.6);
    expect(gppValue('dk', 'K', 5000, 8)).toBeNull();
  });

  it('value per salary is ×1000, ×10 where salaries are whole dollars (Yahoo, FanDuel mma)', () => {
    const cap = (sport: Sport, site: Site) => getRoster(sport, site, 'classic').salaryCap;
    expect(valuePerSalary(cap('nfl', 'dk'), 20, 8000)).toBeCloseTo(2.5);
    expect(valuePerSalary(cap('nfl', 'fd'), 30, 10000)).toBeCloseTo(3);
    expect(valuePerSalary(cap('nfl', 'ya'), 20, 40)).toBeCloseTo(5);
    // A $13 FanDuel fighter projected for 80 points: about 61.5 points per $10, not 6,154.
    expect(valuePerSalary(cap('mma', 'fd'), 80, 13)).toBeCloseTo(61.54, 1);
    expect(valuePerSalary(cap('mma', 'dk'), 80, 8000)).toBeCloseTo(10);
    expect(valuePerSalary(cap('nfl', 'dk'), 20, 0)).toBe(0);
  });
});

describe('leverage', () => {
  it('is Exp − ProjOwn to 2 decimals', () => {
    expect(leverage(25, 12.345)).toBe(12.66);
    expect(leverage(10, 12.345)).toBe(-2.35);
    expect(leverage(1.005, 0)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
  });

  it('bands at 0.5, 1, 3, 5 and 7', () => {
    expect(leverageBand(0.49)).toEqual({ direction: 'neutral', level: 0 });
    expect(leverageBand(0.5)).toEqual({ direction: 'over', level: 1 });
    expect(leverageBand(-1)).toEqual({ direction: 'under', level: 2 });
    expect(leverageBand(2.99)).toEqual({ direction: 'over', level: 2 });
    expect(leverageBand(3)).toEqual({ direction: 'over', level: 3 });
    expect(leverageBand(-6)).toEqual({ direction: 'under', level: 4 });
    expect(leverageBand(7)).toEqual({ direction: 'over', level: 5 });
    expect(leverageBand(40)).toEqual({ direction: 'over', level: 5 });
  });
});

describe('ownership buckets', () => {
  it('places a player in every bucket it is under', () => {
    expect(ownershipBucketsOf(1)).toEqual([0, 1, 2, 3, 4]);
    expect(ownershipBucketsOf(2.5)).toEqual([1, 2, 3, 4]);
    expect(ownershipBucketsOf(17.9)).toEqual([3, 4]);
    expect(ownershipBucketsOf(25)).toEqual([]);
  });

  it('counts only players with MaxExp over 0', () => {
    const counts = ownershipBucketCounts([
      { ProjOwn: 2, MaxExp: 100 },
      { ProjOwn: 7, MaxExp: 50 },
      { ProjOwn: 20, MaxExp: 100 },
      { ProjOwn: 1, MaxExp: 0 },
      { ProjOwn: 30, MaxExp: 100 },
    ]);
    expect(counts).toEqual([1, 1, 2, 2, 3]);
  });
});

describe('exposure', () => {
  it('range is 0..100', () => {
    expect(isExposureInRange(0)).toBe(true);
    expect(isExposureInRange(100)).toBe(true);
    expect(isExposureInRange(-0.1)).toBe(false);
    expect(isExposureInRange(100.1)).toBe(false);
    expect(isExposureInRange(Number.NaN)).toBe(false);
  });

  it('tolerates one lineup of deviation', () => {
    // 20 lineups: one lineup is 5 %.
    expect(isExposureOutsideTolerance(35, 0, 30, 20)).toBe(false);
    expect(isExposureOutsideTolerance(40, 0, 30, 20)).toBe(true);
    expect(isExposureOutsideTolerance(15, 20, 100, 20)).toBe(false);
    expect(isExposureOutsideTolerance(10, 20, 100, 20)).toBe(true);
    // 150 lineups: tolerance is 2/3 %.
    expect(isExposureOutsideTolerance(31, 0, 30, 150)).toBe(true);
    expect(isExposureOutsideTolerance(50, 0, 30, 0)).toBe(false);
  });

  it('base exposure defaults', () => {
    expect(BASE_EXPOSURE_DEFAULTS.minExp).toBe(0);
    expect(BASE_EXPOSURE_DEFAULTS.maxExp).toBe(100);
    expect(BASE_EXPOSURE_DEFAULTS.projPtsMin).toEqual({ QB: 5, RB: 3, WR: 3, TE: 2, DST: 0 });
  });
});

describe('boost', () => {
  it('clamps to −5..5', () => {
    expect(clampBoost(6)).toBe(5);
    expect(clampBoost(-9)).toBe(-5);
    expect(clampBoost(2)).toBe(2);
  });

  it('changes the projection 5 % per step', () => {
    expect(boostFactor(0)).toBe(1);
    expect(boostFactor(1)).toBeCloseTo(1.05);
    expect(boostFactor(-5)).toBeCloseTo(0.75);
    expect(boostFactor(8)).toBeCloseTo(1.25);
  });
});

describe('constants', () => {
  it('match the spec', () => {
    expect(DEFAULT_NUM_TEAMS).toBe(24);
    expect(SAVE_DEBOUNCE_MS).toBe(250);
    expect(RETRY_DELAY_MS).toBe(3000);
    expect(PRESET_ACTIVE_MS).toBe(2000);
    expect(TOOLTIP_HOVER_DELAY_SECONDS).toBe(0.7);
    expect(TABLE_LAYOUTS.playerPool).toEqual({ pageSize: 100, scrollHeight: 700 });
    expect(TABLE_LAYOUTS.projections).toEqual({ pageSize: 100, scrollHeight: 700 });
    expect(TABLE_LAYOUTS.props.pageSize).toBe(100);
    expect(TABLE_LAYOUTS.postBuild).toEqual({ pageSize: null, scrollHeight: 300 });
    expect(TABLE_LAYOUTS.postBuildStacks.scrollHeight).toBe(322);
    expect(TOKEN_STORAGE_KEY).toBe('jwt');
    expect(SEASONS_AVAILABLE).toEqual([2023]);
    expect(CURRENT_SEASON).toBe(2023);
    expect(DEFAULT_SITES).toEqual(['dk', 'fd', 'ya']);
    expect(FOOTER_YEAR).toBe(2022);
  });
});
