import { describe, expect, it } from 'vitest';
import {
  MAX_LINEUP_LIMIT, PERMISSIONS, PERMISSION_KEYS, hasPermission, lockedFeatureTooltip, preBuildUpgradeBanner, resolveLineupLimit,
} from './permissions.js';

describe('permission keys', () => {
  it('are the eight keys of the spec table and our own opt.nfl.simulation', () => {
    expect([...PERMISSION_KEYS].sort()).toEqual([
      'analytics.nfl.historical', 'analytics.nfl.post_build', 'analytics.nfl.pre_build', 'opt.nfl.after_start',
      'opt.nfl.historical_data', 'opt.nfl.lineup_limit', 'opt.nfl.ownership', 'opt.nfl.projections', 'opt.nfl.simulation',
    ]);
    expect(PERMISSIONS.find((p) => p.key === 'opt.nfl.historical_data')?.unlocks).toBe('Use Presets.');
  });
});

describe('hasPermission', () => {
  it('reads a key map of flags and numbers', () => {
    const perms = { 'opt.nfl.projections': true, 'opt.nfl.ownership': false, 'opt.nfl.lineup_limit': 20 };
    expect(hasPermission(perms, 'opt.nfl.projections')).toBe(true);
    expect(hasPermission(perms, 'opt.nfl.ownership')).toBe(false);
    expect(hasPermission(perms, 'opt.nfl.lineup_limit')).toBe(true);
    expect(hasPermission(perms, 'analytics.nfl.pre_build')).toBe(false);
    expect(hasPermission({ 'opt.nfl.lineup_limit': 0 }, 'opt.nfl.lineup_limit')).toBe(false);
  });

  it('reads a list of keys', () => {
    expect(hasPermission(['analytics.nfl.pre_build'], 'analytics.nfl.pre_build')).toBe(true);
    expect(hasPermission(['analytics.nfl.pre_build'], 'analytics.nfl.post_build')).toBe(false);
  });

  it('grants everything with the override flag and nothing without permissions', () => {
    expect(hasPermission(null, 'opt.nfl.after_start', { override: true })).toBe(true);
    expect(hasPermission(undefined, 'opt.nfl.after_start')).toBe(false);
  });

  it('gives the upgrade texts only when locked', () => {
    expect(lockedFeatureTooltip({}, 'opt.nfl.ownership')).toBe('Upgrade for this feature');
    expect(lockedFeatureTooltip({ 'opt.nfl.ownership': true }, 'opt.nfl.ownership')).toBeNull();
    expect(preBuildUpgradeBanner([])).toBe('Upgrade to one of our premium plans to use Pre-Build Analysis');
    expect(preBuildUpgradeBanner(['analytics.nfl.pre_build'])).toBeNull();
    expect(preBuildUpgradeBanner([], { override: true })).toBeNull();
  });
});

describe('resolveLineupLimit', () => {
  it('uses opt.nfl.lineup_limit', () => {
    expect(resolveLineupLimit({ 'opt.nfl.lineup_limit': 20 })).toBe(20);
    expect(resolveLineupLimit({ 'opt.nfl.lineup_limit': '50' })).toBe(50);
    expect(resolveLineupLimit({})).toBe(0);
    expect(resolveLineupLimit({ 'opt.nfl.lineup_limit': true })).toBe(0);
  });

  it('is 150 for admins and the special mode', () => {
    expect(MAX_LINEUP_LIMIT).toBe(150);
    expect(resolveLineupLimit({ 'opt.nfl.lineup_limit': 20 }, { admin: true })).toBe(150);
    expect(resolveLineupLimit(null, { specialMode: true })).toBe(150);
  });
});
