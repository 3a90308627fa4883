import { getRoster, NBA_TEAMS, NFL_TEAMS } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { dateSlates, DATE_SPORTS, nbaRosterOf } from './dates.js';
import { NBA_DEMO_GAMES, nbaGameLogs } from './nba.js';
import { nflDemo } from './nfl.js';

describe('the demo data set', () => {
  it('is deterministic, and a week is the same alone or among others', () => {
    const alone = nflDemo({ weeks: [3], contestEntries: 20 });
    const again = nflDemo({ weeks: [3], contestEntries: 20 });
    const withOthers = nflDemo({ weeks: [2, 3], contestEntries: 20 });
    expect(again).toEqual(alone);
    expect(withOthers.slates.filter((s) => s.counter === '3')).toEqual(alone.slates);
  });

  it('has regular weeks with Main, Early, Primetime and showdown slates on every site, fictional names, real teams', () => {
    const week = nflDemo({ weeks: [5], contestEntries: 30 });
    for (const site of ['dk', 'fd', 'ya']) {
      const slates = week.slates.filter((s) => s.site === site);
      expect(slates.filter((s) => s.contestType === 'classic').map((s) => s.name)).toEqual(['Main', 'Early', 'Primetime']);
      expect(slates.filter((s) => s.contestType === 'showdown')).toHaveLength(3);
      for (const slate of slates) {
        const cap = getRoster('nfl', site, slate.contestType).salaryCap;
        expect(slate.maxSalary).toBe(cap);
        for (const p of slate.players) {
          expect(Object.keys(NFL_TEAMS)).toContain(p.TeamAbbrev);
          expect(p.Salary as number).toBeLessThanOrEqual(cap * (p.RosterPosition === 'CPT' ? 0.3 : 0.25));
          expect(p.ProjPts as number).toBeGreaterThan(0);
          for (const key of ['OU', 'Spread', 'ImpPts', 'ProjOwn', 'Ceiling', 'GameStart']) expect(p).toHaveProperty(key);
        }
      }
    }
    expect(week.gameLogs.length).toBe(32 * 14);
    expect(week.props.length).toBe(60);
    const results = week.contestResults.filter((r) => r.site === 'dk');
    expect(results).toHaveLength(30);
    for (const r of results) {
      expect(r.lineup).toHaveLength(9);
      // A demo entry always knows its salaries: a missing one counts as over the cap.
      expect(r.lineup.reduce((a, e) => a + (e.Salary ?? Number.POSITIVE_INFINITY), 0)).toBeLessThanOrEqual(50000);
    }
    const ranks = results.map((r) => r.rank);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });

  it('ends with a showdown-only final and playoff weeks of fewer games', () => {
    const playoffs = nflDemo({ weeks: [19, 22], contestEntries: 5 });
    expect(playoffs.slates.filter((s) => s.counter === '22').map((s) => [s.contestType, s.name])).toEqual([
      ['showdown', 'Main'], ['showdown', 'Main'], ['showdown', 'Main'],
    ]);
    const wildCard = playoffs.slates.find((s) => s.counter === '19' && s.name === 'Main' && s.site === 'dk')!;
    expect(new Set(wildCard.players.map((p) => p.TeamAbbrev)).size).toBe(12);
  });

  it('has date slates for every date sport on dk and fd', () => {
    for (const sport of DATE_SPORTS) {
      const slates = dateSlates(sport, '2026-11-23');
      // nba and mlb add a DraftKings showdown of the first game.
      expect(slates.map((s) => `${s.site} ${s.contestType}`)).toEqual(['dk classic', 'fd classic', ...(sport === 'nba' || sport === 'mlb' ? ['dk showdown'] : [])]);
      expect(dateSlates(sport, '2026-11-23')).toEqual(slates);
      for (const s of slates) {
        expect(s.players.length).toBeGreaterThan(getRoster(sport, s.site, s.contestType).slots.length * 2);
        expect(s.counter).toBe('2026-11-23');
      }
    }
    expect(dateSlates('mlb', '2026-11-24')[0]!.players[0]!.Name).not.toBe(dateSlates('mlb', '2026-11-23')[0]!.players[0]!.Name);
  });

  it('has fixed nba rosters whose players all have a game log with plausible minutes and usage', () => {
    const logs = nbaGameLogs();
    expect(nbaGameLogs()).toEqual(logs);
    const byName = new Map<string, typeof logs>();
    for (const g of logs) byName.set(g.playerName, [...(byName.get(g.playerName) ?? []), g]);
    expect(byName.size).toBe(30 * 9);
    for (const team of Object.keys(NBA_TEAMS)) {
      const roster = nbaRosterOf(team);
      const mean = (name: string, key: string) => byName.get(name)!.reduce((a, g) => a + Number(g.data[key]), 0) / NBA_DEMO_GAMES;
      // Five starters of about 30-36 minutes, four bench players of 10-24.
      for (const p of roster.slice(0, 5)) expect(mean(p.name, 'Min')).toSatisfy((m: number) => m >= 28 && m <= 37);
      for (const p of roster.slice(5)) expect(mean(p.name, 'Min')).toSatisfy((m: number) => m >= 10 && m <= 24.5);
      for (const p of roster) {
        expect(byName.get(p.name)).toHaveLength(NBA_DEMO_GAMES);
        expect(mean(p.name, 'Usg')).toSatisfy((u: number) => u >= 10 && u <= 36);
        expect(mean(p.name, 'DKPts')).toBeGreaterThan(0);
      }
    }
    // Every nba player of any night's slate is one of the rostered players, on his own team.
    for (const date of ['2026-11-23', '2026-11-24']) {
      for (const p of dateSlates('nba', date)[0]!.players) {
        expect(nbaRosterOf(String(p.TeamAbbrev)).map((r) => r.name)).toContain(p.Name);
        expect(byName.get(String(p.Name))![0]!.team).toBe(p.TeamAbbrev);
      }
    }
  });
});
