import { describe, expect, it } from 'vitest';
import { getRoster, rosterSize, sitesFor, sportHasTeams, type ContestType, type Site, type Sport } from './roster.js';

describe('roster table agrees with the business constants of the data spec', () => {
  const sizes: [Sport, ContestType, Partial<Record<Site, number>>][] = [
    ['nfl', 'classic', { dk: 9, fd: 9, ya: 9 }],
    ['nfl', 'showdown', { dk: 6, fd: 5, ya: 5 }],
    ['nba', 'classic', { dk: 8, fd: 9 }],
    ['mlb', 'classic', { dk: 10, fd: 9 }],
    ['pga', 'classic', { dk: 6, fd: 6 }],
    ['mma', 'classic', { dk: 6, fd: 6 }],
  ];
  for (const [sport, contest, bySite] of sizes) {
    for (const [site, size] of Object.entries(bySite)) {
      it(`${sport} ${contest} on ${site} has ${size} slots`, () => {
        expect(rosterSize(getRoster(sport, site, contest))).toBe(size);
      });
    }
  }

  it('offers ya for nfl only', () => {
    expect(sitesFor('nfl')).toEqual(['dk', 'fd', 'ya']);
    for (const sport of ['nba', 'mlb', 'pga', 'mma'] as const) expect(sitesFor(sport)).toEqual(['dk', 'fd']);
  });

  it('uses the showdown CSV headers of each site', () => {
    expect(getRoster('nfl', 'dk', 'showdown').uploadHeader).toEqual(['CPT', 'FLEX', 'FLEX', 'FLEX', 'FLEX', 'FLEX']);
    expect(getRoster('nfl', 'fd', 'showdown').uploadHeader).toEqual([
      'MVP - 1.5X Points', 'AnyFLEX', 'AnyFLEX', 'AnyFLEX', 'AnyFLEX',
    ]);
    expect(getRoster('nfl', 'ya', 'showdown').uploadHeader).toEqual(['SUPERSTAR', 'FLEX1', 'FLEX2', 'FLEX3', 'FLEX4']);
  });

  it('gives every showdown captain the 1.5 points multiplier', () => {
    for (const site of ['dk', 'fd', 'ya'] as const) {
      const [captain] = getRoster('nfl', site, 'showdown').slots;
      expect(captain?.captain).toBe(true);
      expect(captain?.pointsMultiplier).toBe(1.5);
    }
  });
});

describe('sports without teams', () => {
  it('golf and mma have no teams; mma keeps one fighter of a bout', () => {
    expect((['nfl', 'nba', 'mlb', 'pga', 'mma'] as Sport[]).filter(sportHasTeams)).toEqual(['nfl', 'nba', 'mlb']);
    for (const site of sitesFor('mma')) expect(getRoster('mma', site, 'classic').oneSideOfMatchup).toBe(true);
    for (const site of sitesFor('pga')) expect(getRoster('pga', site, 'classic').oneSideOfMatchup).toBeUndefined();
  });
});
