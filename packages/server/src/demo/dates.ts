// The demo's date-based slates (nba, mlb, pga, mma on dk and fd) for the days around a given
// date, so that today's slate always exists. Fictional players, real nba and mlb team codes.
import { findRoster, getRoster, NBA_TEAMS, type Site } from '@stacksmith/domain';
import { DateTime } from 'luxon';
import { slotOwnership } from './ownership.js';
import { NameGenerator, Random, seedOf } from './random.js';
import type { DemoPlayer, DemoSlate } from './types.js';

export const DATE_SPORTS = ['nba', 'mlb', 'pga', 'mma'] as const;
export type DemoDateSport = (typeof DATE_SPORTS)[number];

/** The season a date slate is filed under (the seasons the date sports' slate pickers default to). */
export const DATE_SPORT_SEASON: Record<DemoDateSport, number> = { nba: 2023, mlb: 2023, pga: 2024, mma: 2023 };

const MLB_TEAMS = [
  'ARI', 'ATL', 'BAL', 'BOS', 'CHC', 'CWS', 'CIN', 'CLE', 'COL', 'DET', 'HOU', 'KC', 'LAA', 'LAD', 'MIA', 'MIL', 'MIN', 'NYM',
  'NYY', 'OAK', 'PHI', 'PIT', 'SD', 'SF', 'SEA', 'STL', 'TB', 'TEX', 'TOR', 'WSH',
];

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

interface Depth { position: string; talent: number; minutes?: number; usage?: number }

/** An nba rotation: five starters of 31-34 minutes, four bench players of 12-23; usage in percent. */
const NBA_DEPTH: Depth[] = [
  { position: 'PG', talent: 42, minutes: 34, usage: 29 }, { position: 'SG', talent: 33, minutes: 33, usage: 23 },
  { position: 'SF', talent: 30, minutes: 32, usage: 20 }, { position: 'PF', talent: 31, minutes: 31, usage: 19 },
  { position: 'C', talent: 36, minutes: 32, usage: 24 }, { position: 'PG/SG', talent: 21, minutes: 23, usage: 19 },
  { position: 'SF/PF', talent: 18, minutes: 20, usage: 16 }, { position: 'C', talent: 14, minutes: 16, usage: 15 },
  { position: 'SG', talent: 10, minutes: 12, usage: 17 },
];

/** A player of a demo nba team: the same every night, with the rates his game log is drawn around. */
export interface NbaRosterPlayer {
  name: string;
  position: string;
  team: string;
  talent: number;
  minutes: number;
  usage: number;
  /** DraftKings points per minute. */
  pointsPerMinute: number;
}

let nbaRosters: Map<string, NbaRosterPlayer[]> | undefined;

/**
 * The demo's nba rosters, team by team in NBA_DEPTH order. Fixed (one seed for all teams) so that
 * a player's game log and his nightly slate rows belong to the same player.
 */
export function nbaRosterOf(team: string): NbaRosterPlayer[] {
  if (!nbaRosters) {
    const random = new Random(seedOf('nba-rosters'));
    const names = new NameGenerator(random);
    nbaRosters = new Map(Object.keys(NBA_TEAMS).sort().map((code) => [code, NBA_DEPTH.map((d) => {
      const talent = d.talent * random.between(0.88, 1.12);
      const minutes = round(d.minutes! * random.between(0.96, 1.04), 1);
      return {
        name: names.next(), position: d.position, team: code, talent: round(talent, 2), minutes,
        usage: round(d.usage! * random.between(0.85, 1.15), 1), pointsPerMinute: round(talent / minutes, 3),
      };
    })]));
  }
  return nbaRosters.get(team) ?? [];
}
const MLB_DEPTH: Depth[] = [
  { position: 'P', talent: 17 }, { position: 'C', talent: 6.5 }, { position: '1B', talent: 8.5 }, { position: '2B', talent: 7.5 },
  { position: '3B', talent: 8 }, { position: 'SS', talent: 7.8 }, { position: 'OF', talent: 8.8 }, { position: 'OF', talent: 7.9 },
  { position: 'OF', talent: 7.2 }, { position: '1B/OF', talent: 6.8 },
];

const SALARY: Record<string, Record<'dk' | 'fd', { per: number; min: number; max: number; step: number }>> = {
  nba: { dk: { per: 200, min: 3000, max: 11500, step: 100 }, fd: { per: 190, min: 3500, max: 12500, step: 100 } },
  mlb: { dk: { per: 520, min: 2000, max: 11000, step: 100 }, fd: { per: 380, min: 2000, max: 11500, step: 100 } },
  pga: { dk: { per: 160, min: 6000, max: 12500, step: 100 }, fd: { per: 190, min: 7000, max: 14000, step: 100 } },
  mma: { dk: { per: 95, min: 6000, max: 10000, step: 100 }, fd: { per: 0.19, min: 10, max: 25, step: 1 } },
};

function salary(random: Random, sport: string, site: 'dk' | 'fd', proj: number): number {
  const s = SALARY[sport]![site];
  const raw = proj * s.per * (1 + random.normal() * 0.08);
  return Math.min(s.max, Math.max(s.min, Math.round(raw / s.step) * s.step));
}

interface Entrant { name: string; position: string; team: string; opp: string; venue: 'H' | 'R'; proj: number; start: DateTime; ou?: number; spread?: number; minutes?: number }

function teamSlate(random: Random, sport: 'nba' | 'mlb', date: DateTime, names: NameGenerator): Entrant[] {
  const teams = random.shuffle(sport === 'nba' ? Object.keys(NBA_TEAMS).sort() : MLB_TEAMS);
  const games = sport === 'nba' ? random.int(5, 10) : random.int(7, 12);
  const out: Entrant[] = [];
  for (let g = 0; g < games; g++) {
    const away = teams[2 * g]!;
    const home = teams[2 * g + 1]!;
    const start = date.set({ hour: sport === 'nba' ? 19 : 13, minute: 0 }).plus({ minutes: 30 * Math.floor(g / 2) });
    const ou = sport === 'nba' ? round(random.between(210, 240), 1) : round(random.between(7, 10.5), 1);
    const spread = sport === 'nba' ? round(Math.round(random.normal() * 12) / 2, 1) : -1.5;
    for (const team of [away, home]) {
      const common = { team, opp: team === home ? away : home, venue: team === home ? 'H' as const : 'R' as const, start, ou, spread: team === home ? spread : -spread };
      if (sport === 'nba') {
        for (const p of nbaRosterOf(team)) {
          const minutes = round(p.minutes * random.between(0.9, 1.08), 1);
          const proj = round(Math.max(1, p.pointsPerMinute * minutes * random.between(0.85, 1.15)), 2);
          out.push({ ...common, name: p.name, position: p.position, proj, minutes });
        }
        continue;
      }
      for (const d of MLB_DEPTH) {
        const proj = round(Math.max(1, d.talent * random.between(0.8, 1.2)), 2);
        out.push({ ...common, name: names.next(), position: d.position, proj });
      }
    }
  }
  return out;
}

function individualSlate(random: Random, sport: 'pga' | 'mma', date: DateTime, names: NameGenerator): Entrant[] {
  const out: Entrant[] = [];
  if (sport === 'pga') {
    const start = date.set({ hour: 7, minute: 0 });
    for (let i = 0; i < 70; i++) {
      out.push({ name: names.next(), position: 'G', team: '', opp: '', venue: 'H', proj: round(random.between(35, 95), 2), start });
    }
  } else {
    for (let f = 0; f < 12; f++) {
      const start = date.set({ hour: 18, minute: 0 }).plus({ minutes: 25 * f });
      const a = names.next();
      const b = names.next();
      const edge = random.between(0.3, 0.7);
      out.push({ name: a, position: 'F', team: '', opp: b, venue: 'H', proj: round(40 + 60 * edge, 2), start });
      out.push({ name: b, position: 'F', team: '', opp: a, venue: 'R', proj: round(40 + 60 * (1 - edge), 2), start });
    }
  }
  return out;
}

function idOf(sport: string, site: Site, date: string, index: number): string {
  const day = Number(date.replace(/-/g, '')) % 1_000_000;
  return site === 'dk' ? String(day * 1000 + index) : `${sport}-${day}-${index}`;
}

/** Slates for one sport and date on dk and fd (classic Main). */
export function dateSlates(sport: DemoDateSport, date: string): DemoSlate[] {
  const random = new Random(seedOf(`${sport}-${date}`));
  const names = new NameGenerator(random);
  const day = DateTime.fromISO(date, { zone: 'America/New_York' });
  const entrants = sport === 'nba' || sport === 'mlb' ? teamSlate(random, sport, day, names) : individualSlate(random, sport, day, names);
  const earliest = Math.min(...entrants.map((e) => e.start.toMillis()));
  const slates: DemoSlate[] = [];
  for (const site of ['dk', 'fd'] as const) {
    const roster = getRoster(sport, site, 'classic');
    const salaried = entrants.map((e) => ({ e, proj: e.proj, salary: salary(random, sport, site, e.proj) }));
    const owns = slotOwnership(salaried.map((x) => ({ positions: x.e.position.split('/'), proj: x.proj, salary: x.salary })), roster.slots, random, 70);
    const players: DemoPlayer[] = salaried.map(({ e, salary: sal }, i) => ({
      Id: idOf(sport, site, date, i),
      Name: e.name,
      Position: e.position,
      Positions: e.position.split('/'),
      TeamAbbrev: e.team,
      Opp: e.opp,
      Venue: e.venue,
      ...(e.ou !== undefined ? { OU: e.ou, Spread: e.spread, ImpPts: round(e.ou / 2 - (e.spread ?? 0) / 2, 2) } : {}),
      Salary: sal,
      ProjPts: e.proj,
      HouseProjPts: e.proj,
      ProjOwn: owns[i]!,
      HouseOwn: owns[i]!,
      Ceiling: round(e.proj * random.between(1.4, 1.9), 2),
      Boost: 0,
      MinExp: 0,
      MaxExp: 100,
      UserProj: null,
      UserOwn: null,
      ...(e.minutes !== undefined ? { ProjMins: e.minutes, Min: e.minutes } : {}),
      GameStart: e.start.toISO({ suppressMilliseconds: true })!,
      TimeRank: Math.round((e.start.toMillis() - earliest) / 1_800_000) + 1,
    }));
    players.sort((a, b) => (b.Salary as number) - (a.Salary as number));
    slates.push({
      sport, site, contestType: 'classic', season: DATE_SPORT_SEASON[sport], counter: date, name: 'Main',
      updatedAt: DateTime.fromMillis(earliest, { zone: 'America/New_York' }).minus({ hours: 3 }).toISO({ suppressMilliseconds: true })!,
      maxSalary: roster.salaryCap, players,
    });
  }
  // DraftKings offers showdown for nba and mlb (nfl's showdown slates are the weeks' own).
  if (findRoster(sport, 'dk', 'showdown')) slates.push(dkShowdownSlate(sport, date, entrants, slates[0]!));
  return slates;
}

/**
 * DraftKings showdown (nba, mlb) of the date's first game: each player of the dk classic slate's two
 * teams as a CPT row (1.5× salary; the client scales its points, docs/api.md) and a FLEX row,
 * like the nfl showdown slates. Its own random stream leaves the classic slates unchanged.
 */
function dkShowdownSlate(sport: DemoDateSport, date: string, entrants: readonly Entrant[], classic: DemoSlate): DemoSlate {
  const random = new Random(seedOf(`${sport}-showdown-${date}`));
  const roster = getRoster(sport, 'dk', 'showdown');
  const first = entrants[0]!;
  const away = first.venue === 'R' ? first.team : first.opp;
  const home = first.venue === 'R' ? first.opp : first.team;
  const players = classic.players.filter((p) => p.TeamAbbrev === away || p.TeamAbbrev === home);
  const candidates = players.map((p) => ({ positions: String(p.Position).split('/'), proj: Number(p.ProjPts), salary: Number(p.Salary) }));
  // The captain slot hands out 100 % among the captain rows, the UTIL slots theirs among the others.
  const cptOwn = slotOwnership(candidates, roster.slots.filter((s) => s.captain), random);
  const flexOwn = slotOwnership(candidates, roster.slots.filter((s) => !s.captain), random);
  const captain = roster.slots.find((s) => s.captain)!;
  const rows: DemoPlayer[] = players.flatMap((p, i) => [
    { ...p, Salary: Math.round(Number(p.Salary) * captain.salaryMultiplier), ProjOwn: cptOwn[i]!, HouseOwn: cptOwn[i]!, TimeRank: 1, RosterPosition: captain.label },
    { ...p, ProjOwn: flexOwn[i]!, HouseOwn: flexOwn[i]!, TimeRank: 1, RosterPosition: 'FLEX' },
  ]);
  return {
    ...classic, contestType: 'showdown', name: `${away}@${home}`, maxSalary: roster.salaryCap,
    players: rows.sort((a, b) => (b.Salary as number) - (a.Salary as number) || String(a.Id).localeCompare(String(b.Id))),
  };
}

/** The dates from `before` days before `around` to `after` days after it. */
export function datesAround(around: string, before = 3, after = 3): string[] {
  const center = DateTime.fromISO(around, { zone: 'UTC' });
  return Array.from({ length: before + after + 1 }, (_, i) => center.plus({ days: i - before }).toFormat('yyyy-MM-dd'));
}
