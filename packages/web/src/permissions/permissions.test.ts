// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PERMISSIONS_OVERRIDE_STORAGE_KEY } from '@stacksmith/domain';
import { cellMode, granted, permissionsOverride, type Grants } from './permissions';

const free: Grants = { permissions: { 'opt.nfl.lineup_limit': 3 }, admin: false, override: false };
const pro: Grants = { permissions: { 'opt.nfl.lineup_limit': 20, 'opt.nfl.ownership': true }, admin: false, override: false };

describe('permission gating', () => {
  afterEach(() => localStorage.clear());

  it('grants what the plan lists, and everything to admins and the override flag', () => {
    expect(granted(free, 'opt.nfl.ownership')).toBe(false);
    expect(granted(pro, 'opt.nfl.ownership')).toBe(true);
    expect(granted({ ...free, admin: true }, 'analytics.nfl.pre_build')).toBe(true);
    expect(granted({ ...free, override: true }, 'analytics.nfl.pre_build')).toBe(true);
    expect(granted({ permissions: null, admin: false, override: false }, 'opt.nfl.projections')).toBe(false);
  });

  it('leaves the first rows clear and blurs the rest without the permission', () => {
    expect([0, 1, 2, 3, 10].map((i) => cellMode(free, 'opt.nfl.ownership', i))).toEqual(['clear', 'clear', 'clear', 'blurred', 'blurred']);
    expect(cellMode(free, 'opt.nfl.ownership', 3, 1)).toBe('blurred');
    expect(cellMode(free, 'opt.nfl.ownership', 0, 0)).toBe('blurred');
    expect(cellMode(pro, 'opt.nfl.ownership', 50)).toBe('clear');
  });

  it('reads the override flag from the local key', () => {
    expect(permissionsOverride()).toBe(false);
    localStorage.setItem(PERMISSIONS_OVERRIDE_STORAGE_KEY, '1');
    expect(permissionsOverride()).toBe(true);
  });
});
