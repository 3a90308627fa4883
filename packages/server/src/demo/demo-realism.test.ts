// The demo data set reads like a real season: no team plays itself, a slate lists each name
// once (per roster position in showdown), and ownership sums by position match the roster.
import { getRoster } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { dateSlates, DATE_SPORTS } from './dates.js';
import { nflDemo } from './nfl.js';
import type { DemoSlate } from './types.js';

const SEASON = nflDemo({ contestEntries: 60 });

const positionOf = (p: Record<string, unknown>) => (p.Position === 'D' ? 'DST' : String(p.Position));

function ownershipByPosition(slate: DemoSlate): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const p of slate.players) sums[positionOf(p)] = (sums[positionOf(p)] ?? 0) + Number(p.ProjOwn);
  return sums;
}

describe('the demo nfl season', () => {
  it('never pits a team against itself, and every team plays at most once a week', () => {
    for (const slate of SEASON.slates) {
      for (const p of slate.players) expect(p.Opp, `${slate.site} week ${slate.counter} ${slate.name}`).not.toBe(p.TeamAbbrev);
    }
    for (const log of SEASON.gameLogs) expect(log.data.Opponent).not.toBe(log.team);
    for (let week = 1; week <= 22; week++) {
      const logs = SEASON.gameLogs.filter((g) => g.week === week);
      expect(new Set(logs.map((g) => g.playerName)).size, `week ${week}`).toBe(logs.length);
    }
  });

  it('has playoff weeks of 6, 4, 2 and 1 games', () => {
    const games = (week: number) => new Set(SEASON.gameLogs.filter((g) => g.week === week).map((g) => g.team)).size / 2;
    expect([19, 20, 21, 22].map(games)).toEqual([6, 4, 2, 1]);
  });

  it('lists every name once on a slate (once per roster position in showdown)', () => {
    for (const slate of SEASON.slates) {
      const keys = slate.players.map((p) => `${String(p.Name)}|${p.RosterPosition ?? ''}`);
      expect(new Set(keys).size, `${slate.site} week ${slate.counter} ${slate.name}`).toBe(keys.length);
    }
  });

  it('has ownership summing by position as a field fills the roster (QB and DST about 100 %)', () => {
    for (const slate of SEASON.slates.filter((s) => s.contestType === 'classic')) {
      const sums = ownershipByPosition(slate);
      const label = `${slate.site} week ${slate.counter} ${slate.name}`;
      expect(sums.QB, label).toBeGreaterThan(97);
      expect(sums.QB, label).toBeLessThanOrEqual(100.5);
      expect(sums.DST, label).toBeGreaterThan(97);
      expect(sums.DST, label).toBeLessThanOrEqual(100.5);
      // RB 200 % and WR 300 % and TE 100 % each, plus their part of the FLEX slot.
      expect(sums.RB, label).toBeGreaterThan(195);
      expect(sums.RB, label).toBeLessThan(300.5);
      expect(sums.WR, label).toBeGreaterThan(295);
      expect(sums.WR, label).toBeLessThan(400.5);
      expect(sums.TE, label).toBeGreaterThan(97);
      expect(sums.TE, label).toBeLessThan(200.5);
      const total = Object.values(sums).reduce((a, b) => a + b, 0);
      expect(total, label).toBeGreaterThan(getRoster('nfl', slate.site, 'classic').slots.length * 100 - 15);
      expect(total, label).toBeLessThanOrEqual(getRoster('nfl', slate.site, 'classic').slots.length * 100 + 1);
    }
    for (const slate of SEASON.slates.filter((s) => s.contestType === 'showdown')) {
      const own = (captain: boolean) => slate.players.filter((p) => (p.RosterPosition === 'FLEX') !== captain).reduce((a, p) => a + Number(p.ProjOwn), 0);
      const flexSlots = getRoster('nfl', slate.site, 'showdown').slots.length - 1;
      expect(own(true)).toBeCloseTo(100, -1);
      expect(own(false)).toBeGreaterThan(flexSlots * 100 - 30);
      expect(own(false)).toBeLessThanOrEqual(flexSlots * 100 + 1);
    }
  });

  it('has past contests whose winners mostly stack their quarterback and hold about 100 % ownership', () => {
    const main = SEASON.contestResults.filter((r) => r.site === 'dk' && r.contestType === 'classic');
    const stacked = main.filter((r) => {
      const qb = r.lineup.find((e) => e.Position === 'QB')!;
      return r.lineup.some((e) => e !== qb && e.TeamAbbrev === qb.TeamAbbrev && (e.Position === 'WR' || e.Position === 'TE'));
    });
    expect(stacked.length / main.length).toBeGreaterThan(0.6);
    const totals = main.map((r) => r.lineup.reduce((a, e) => a + e.Own, 0)).sort((a, b) => a - b);
    const median = totals[Math.floor(totals.length / 2)]!;
    expect(median).toBeGreaterThan(60);
    expect(median).toBeLessThan(200);
    // "Total ownership under 100%" tells lineups apart instead of reading 100 % everywhere.
    const under = totals.filter((t) => t < 100).length / totals.length;
    expect(under).toBeGreaterThan(0.2);
    expect(under).toBeLessThan(0.95);
  });
});

describe('the demo date slates', () => {
  it('have one row per name (per roster position on showdown) and ownership summing to the roster slots', () => {
    for (const sport of DATE_SPORTS) {
      for (const slate of dateSlates(sport, '2026-11-23')) {
        const what = `${sport} ${slate.site} ${slate.contestType} ${slate.name}`;
        // Showdown lists each player once as captain and once as FLEX.
        const names = slate.players.map((p) => `${p.Name}|${String(p.RosterPosition ?? '')}`);
        expect(new Set(names).size, what).toBe(names.length);
        const total = slate.players.reduce((a, p) => a + Number(p.ProjOwn), 0);
        const slots = getRoster(sport, slate.site, slate.contestType).slots.length;
        expect(total, what).toBeGreaterThan(slots * 100 - 40);
        expect(total, what).toBeLessThanOrEqual(slots * 100 + 1);
      }
    }
  });
});
