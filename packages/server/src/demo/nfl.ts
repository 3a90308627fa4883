// The demo nfl 2023 season: fictional players on the 32 real teams, weeks 1–22 (22 is the
// showdown-only final), classic slates Main, Early and Primetime, a showdown slate per
// primetime game, on dk, fd and ya, with Vegas lines, ownership, ceilings, game logs, props
// and sampled contest results. Everything follows from the seed.
import {
  getRoster, NFL_TEAMS, SALARY_VALUE_COEFFICIENTS, type ContestLineupEntry, type SalaryValuePosition, type Site,
} from '@stacksmith/domain';
import { DateTime } from 'luxon';
import { slotOwnership } from './ownership.js';
import { NameGenerator, Random, seedOf } from './random.js';
import type { DemoContestResult, DemoData, DemoPlayer, DemoProp, DemoSlate } from './types.js';

export const NFL_DEMO_SEASON = 2023;
export const NFL_DEMO_WEEKS = 22;
const SITES: Site[] = ['dk', 'fd', 'ya'];
const FIRST_THURSDAY = DateTime.fromObject({ year: 2023, month: 9, day: 7 }, { zone: 'America/New_York' });

/** Season-long talent (mean dk points) by depth-chart slot. */
const DEPTH: readonly { position: string; talent: number }[] = [
  { position: 'QB', talent: 19 }, { position: 'QB', talent: 6 },
  { position: 'RB', talent: 15 }, { position: 'RB', talent: 9 }, { position: 'RB', talent: 4.5 },
  { position: 'WR', talent: 16 }, { position: 'WR', talent: 12 }, { position: 'WR', talent: 8.5 },
  { position: 'WR', talent: 5.5 }, { position: 'WR', talent: 3.5 },
  { position: 'TE', talent: 9.5 }, { position: 'TE', talent: 4 },
  { position: 'K', talent: 8 }, { position: 'DST', talent: 7 },
];

interface NflPlayer {
  index: number;
  name: string;
  position: string;
  team: string;
  talent: number;
}

interface Game {
  away: string;
  home: string;
  start: DateTime;
  ou: number;
  /** Home spread: negative when the home team is favoured. */
  spread: number;
}

/** A player's week: projection, ceiling and what really happened. */
interface PlayerWeek {
  player: NflPlayer;
  game: Game;
  proj: number;
  actual: Record<Site, number>;
  stats: Record<string, number>;
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function teamsOf(): string[] {
  return Object.keys(NFL_TEAMS).sort();
}

function schedule(random: Random, teams: string[], strength: Map<string, number>): Game[][] {
  const weeks: Game[][] = [];
  const gameTime = (week: number, slot: number, count: number): DateTime => {
    const thursday = FIRST_THURSDAY.plus({ weeks: week - 1 });
    if (count === 16) {
      if (slot === 0) return thursday.set({ hour: 20, minute: 15 });
      if (slot <= 9) return thursday.plus({ days: 3 }).set({ hour: 13, minute: 0 });
      if (slot <= 13) return thursday.plus({ days: 3 }).set({ hour: 16, minute: 25 });
      if (slot === 14) return thursday.plus({ days: 3 }).set({ hour: 20, minute: 20 });
      return thursday.plus({ days: 4 }).set({ hour: 20, minute: 15 });
    }
    const times = [[2, 16, 30], [2, 20, 15], [3, 13, 0], [3, 16, 30], [3, 20, 15], [4, 20, 15]] as const;
    const [day, hour, minute] = count === 1 ? [3, 18, 30] : times[slot % times.length]!;
    return thursday.plus({ days: day }).set({ hour, minute });
  };
  const lines = (away: string, home: string): { ou: number; spread: number } => {
    const edge = (strength.get(home)! - strength.get(away)!) * 6 + 1.5 + random.normal() * 2;
    return { ou: round(Math.round(random.between(37, 53) * 2) / 2, 1), spread: round(-Math.round(edge * 2) / 2, 1) };
  };
  for (let week = 1; week <= 18; week++) {
    const order = random.shuffle(teams);
    const games: Game[] = [];
    for (let g = 0; g < 16; g++) {
      const away = order[2 * g]!;
      const home = order[2 * g + 1]!;
      games.push({ away, home, start: gameTime(week, g, 16), ...lines(away, home) });
    }
    weeks.push(games);
  }
  // Playoffs as the NFL plays them: the 14 strongest teams; the top two rest in the wild-card
  // week (6 games), then 8, 4 and 2 teams remain (4, 2 and 1 games). Winners are drawn by strength.
  const seeded = [...teams].sort((a, b) => strength.get(b)! - strength.get(a)!).slice(0, 14);
  const byes = seeded.slice(0, 2);
  let alive = seeded.slice(2);
  for (let week = 19; week <= 22; week++) {
    const field = alive;
    const pairs = field.length / 2;
    const games: Game[] = [];
    const winners: string[] = [];
    for (let g = 0; g < pairs; g++) {
      const home = field[g]!;
      const away = field[field.length - 1 - g]!;
      games.push({ away, home, start: gameTime(week, g, pairs), ...lines(away, home) });
      const pHome = 1 / (1 + Math.exp(-(strength.get(home)! - strength.get(away)!) * 3));
      winners.push(random.next() < pHome ? home : away);
    }
    weeks.push(games);
    alive = (week === 19 ? [...winners, ...byes] : winners).sort((a, b) => strength.get(b)! - strength.get(a)!);
  }
  return weeks;
}

/** Fantasy points of a stat line by site scoring (dk full PPR with bonuses; fd and ya half PPR). */
function pointsOf(stats: Record<string, number>, site: Site, position: string, direct: number): number {
  if (position === 'K' || position === 'DST') return round(direct, 2);
  const ppr = site === 'dk' ? 1 : 0.5;
  let pts = stats.PassYds! * 0.04 + stats.PassTds! * 4 - stats.PassInt! * (site === 'dk' ? 1 : 1)
    + stats.RushYds! * 0.1 + stats.RushTds! * 6 + stats.Rec! * ppr + stats.RecYds! * 0.1 + stats.RecTds! * 6 - stats.FmbLss! * (site === 'dk' ? 1 : 2);
  if (site === 'dk') {
    if (stats.PassYds! >= 300) pts += 3;
    if (stats.RushYds! >= 100) pts += 3;
    if (stats.RecYds! >= 100) pts += 3;
  }
  return round(pts, 2);
}

function statLine(random: Random, position: string, expected: number): { stats: Record<string, number>; direct: number } {
  const f = Math.max(0, expected * Math.exp(random.normal() * 0.45 - 0.1));
  const s: Record<string, number> = {
    PassAtt: 0, PassCmp: 0, PassYds: 0, PassTds: 0, PassInt: 0, RushYds: 0, RushAtt: 0, RushTds: 0,
    Tar: 0, Rec: 0, RecYds: 0, RecTds: 0, FmbLss: 0,
  };
  const poisson = (mean: number) => {
    let k = 0;
    let p = Math.exp(-mean);
    let cdf = p;
    const u = random.next();
    while (u > cdf && k < 10) { k++; p *= mean / k; cdf += p; }
    return k;
  };
  if (position === 'QB') {
    s.PassAtt = Math.round(random.between(24, 42) * (expected > 10 ? 1 : 0.4));
    s.PassCmp = Math.round(s.PassAtt * random.between(0.55, 0.72));
    s.PassYds = Math.round(s.PassCmp * random.between(8, 13) * (0.6 + f / 40));
    s.PassTds = poisson(Math.max(0.1, f / 12));
    s.PassInt = poisson(0.7);
    s.RushAtt = poisson(3.5);
    s.RushYds = Math.round(s.RushAtt * random.between(2, 7));
    s.RushTds = poisson(0.15);
  } else if (position === 'RB') {
    s.RushAtt = Math.round(f * 1.1 + random.between(0, 4));
    s.RushYds = Math.round(s.RushAtt * random.between(3, 5.2));
    s.RushTds = poisson(f / 25);
    s.Tar = poisson(f / 5);
    s.Rec = Math.min(s.Tar, poisson(f / 6.5));
    s.RecYds = Math.round(s.Rec * random.between(5, 9));
    s.RecTds = poisson(0.08);
  } else if (position === 'WR' || position === 'TE') {
    s.Tar = poisson(f / 2.1);
    s.Rec = Math.min(s.Tar, Math.round(s.Tar * random.between(0.5, 0.75)));
    s.RecYds = Math.round(s.Rec * random.between(8, 15));
    s.RecTds = poisson(f / 30);
  }
  s.FmbLss = random.next() < 0.04 ? 1 : 0;
  return { stats: s, direct: f };
}

const SALARY_RANGE: Record<Site, { min: number; max: number; dstMin: number; step: number }> = {
  dk: { min: 3000, max: 9800, dstMin: 2000, step: 100 },
  fd: { min: 4500, max: 10000, dstMin: 3000, step: 100 },
  ya: { min: 10, max: 50, dstMin: 8, step: 1 },
};

function salaryFor(random: Random, site: Site, position: string, proj: number): number {
  const range = SALARY_RANGE[site];
  const coef = SALARY_VALUE_COEFFICIENTS[site][(position === 'K' ? 'DST' : position) as SalaryValuePosition];
  const raw = ((proj - coef.add) / coef.multiplier) * 1000 * (1 + random.normal() * 0.07);
  const min = position === 'DST' || position === 'K' ? range.dstMin : range.min;
  return Math.min(range.max, Math.max(min, Math.round(raw / range.step) * range.step));
}

function idFor(site: Site, week: number, index: number): string {
  if (site === 'dk') return String(29_000_000 + week * 10_000 + index);
  if (site === 'fd') return `${91_000 + week}-${10_000 + index}`;
  return `nfl.p.${week * 100_000 + index}`;
}

export interface NflDemoOptions {
  /** Weeks to generate (default all 1..22). The season is drawn whole either way, so a week is the same in any subset. */
  weeks?: readonly number[];
  /** Contest entries sampled per Main slate (default 300). */
  contestEntries?: number;
}

export function nflDemo(options: NflDemoOptions = {}): DemoData {
  const random = new Random(seedOf('nfl-2023'));
  const names = new NameGenerator(random);
  const teams = teamsOf();
  const strength = new Map(teams.map((t) => [t, random.between(-1, 1)]));
  const players: NflPlayer[] = [];
  for (const team of teams) {
    for (const slot of DEPTH) {
      const talent = slot.talent * (1 + strength.get(team)! * 0.15) * random.between(0.85, 1.15);
      players.push({ index: players.length, name: slot.position === 'DST' ? `${NFL_TEAMS[team]}` : names.next(), position: slot.position, team, talent });
    }
  }
  const weeks = schedule(random, teams, strength);
  const wanted = new Set(options.weeks ?? Array.from({ length: NFL_DEMO_WEEKS }, (_, i) => i + 1));
  const data: DemoData = { slates: [], gameLogs: [], props: [], contestResults: [] };

  weeks.forEach((games, w) => {
    const week = w + 1;
    // Each week draws from its own stream so that a subset of weeks equals the full set's weeks.
    const wr = new Random(seedOf(`nfl-2023-week-${week}`));
    const playerWeeks: PlayerWeek[] = [];
    for (const game of games) {
      for (const team of [game.away, game.home]) {
        const home = team === game.home;
        const implied = game.ou / 2 + (home ? -game.spread / 2 : game.spread / 2);
        for (const player of players.filter((p) => p.team === team)) {
          const proj = round(Math.max(0.5, player.talent * Math.pow(implied / 22.5, 0.8) * (1 + wr.normal() * 0.08)), 2);
          const { stats, direct } = statLine(wr, player.position, proj);
          const actual = { dk: 0, fd: 0, ya: 0 } as Record<Site, number>;
          for (const site of SITES) actual[site] = pointsOf(stats, site, player.position, direct);
          playerWeeks.push({ player, game, proj, actual, stats });
        }
      }
    }
    if (!wanted.has(week)) return;

    for (const pw of playerWeeks) {
      const opp = pw.player.team === pw.game.home ? pw.game.away : pw.game.home;
      data.gameLogs.push({
        sport: 'nfl', season: NFL_DEMO_SEASON, week, playerName: pw.player.name, position: pw.player.position, team: pw.player.team,
        data: { Week: week, Opponent: opp, DKPts: pw.actual.dk, FDPts: pw.actual.fd, YAPts: pw.actual.ya, ...pw.stats },
      });
    }
    data.props.push(...propsOf(wr, week, playerWeeks));

    const slateGames: { name: string; type: 'classic' | 'showdown'; games: Game[] }[] = [];
    if (games.length === 16) {
      slateGames.push({ name: 'Main', type: 'classic', games: games.slice(1, 14) });
      slateGames.push({ name: 'Early', type: 'classic', games: games.slice(1, 10) });
      slateGames.push({ name: 'Primetime', type: 'classic', games: [games[0]!, games[14]!, games[15]!] });
      for (const g of [games[0]!, games[14]!, games[15]!]) slateGames.push({ name: `${g.away}@${g.home}`, type: 'showdown', games: [g] });
    } else if (week < 22) {
      slateGames.push({ name: 'Main', type: 'classic', games });
      for (const g of games) slateGames.push({ name: `${g.away}@${g.home}`, type: 'showdown', games: [g] });
    } else {
      slateGames.push({ name: 'Main', type: 'showdown', games });
    }

    for (const site of SITES) {
      for (const sg of slateGames) {
        const slate = slateOf(wr, site, week, sg.name, sg.type, sg.games, playerWeeks);
        data.slates.push(slate);
        if (sg.name === 'Main') data.contestResults.push(...contestOf(wr, slate, playerWeeks, options.contestEntries ?? 300));
      }
    }
  });
  return data;
}

function slateOf(
  random: Random, site: Site, week: number, name: string, type: 'classic' | 'showdown', games: Game[], playerWeeks: PlayerWeek[],
): DemoSlate {
  const roster = getRoster('nfl', site, type);
  const inSlate = playerWeeks.filter((pw) => games.includes(pw.game) && (type === 'showdown' || pw.player.position !== 'K'));
  const salaried = inSlate.map((pw) => ({ pw, proj: pw.proj, salary: salaryFor(random, site, pw.player.position, pw.proj) }));
  const earliest = Math.min(...games.map((g) => g.start.toMillis()));
  const rows: DemoPlayer[] = [];
  const base = (pw: PlayerWeek, salary: number, own: number) => {
    const game = pw.game;
    const home = pw.player.team === game.home;
    const implied = round(game.ou / 2 + (home ? -game.spread / 2 : game.spread / 2), 2);
    const position = pw.player.position === 'DST' && site !== 'dk' ? 'D' : pw.player.position;
    return {
      Id: idFor(site, week, pw.player.index),
      Name: pw.player.name,
      Position: position,
      Positions: [position],
      TeamAbbrev: pw.player.team,
      Opp: home ? game.away : game.home,
      Venue: home ? 'H' : 'R',
      OU: game.ou,
      Spread: home ? game.spread : -game.spread,
      ImpPts: implied,
      Salary: salary,
      ProjPts: pw.proj,
      HouseProjPts: pw.proj,
      ProjOwn: own,
      HouseOwn: own,
      Ceiling: round(pw.proj * random.between(1.7, 2.3), 2),
      Boost: 0,
      MinExp: 0,
      MaxExp: 100,
      UserProj: null,
      UserOwn: null,
      GameStart: game.start.toISO({ suppressMilliseconds: true })!,
      TimeRank: Math.round((game.start.toMillis() - earliest) / 3_600_000) + 1,
    };
  };
  const candidates = salaried.map((s) => ({ positions: [s.pw.player.position], proj: s.proj, salary: s.salary }));
  if (type === 'classic') {
    const owns = slotOwnership(candidates, roster.slots, random);
    salaried.forEach((s, i) => rows.push(base(s.pw, s.salary, owns[i]!)));
  } else {
    const flexLabel = 'FLEX';
    const cptOwn = slotOwnership(candidates, roster.slots.slice(0, 1), random);
    const flexOwn = slotOwnership(candidates, roster.slots.slice(1), random);
    const captain = roster.slots[0]!;
    const captainLabel = site === 'dk' ? 'CPT' : site === 'fd' ? 'MVP' : 'SUPERSTAR';
    salaried.forEach((s, i) => {
      rows.push({ ...base(s.pw, Math.round(s.salary * captain.salaryMultiplier), cptOwn[i]!), RosterPosition: captainLabel });
      rows.push({ ...base(s.pw, s.salary, flexOwn[i]!), RosterPosition: flexLabel });
    });
  }
  return {
    sport: 'nfl', site, contestType: type, season: NFL_DEMO_SEASON, counter: String(week), name,
    updatedAt: DateTime.fromMillis(earliest, { zone: 'America/New_York' }).minus({ hours: 2 }).toISO({ suppressMilliseconds: true })!,
    maxSalary: roster.salaryCap,
    players: rows.sort((a, b) => (b.Salary as number) - (a.Salary as number) || String(a.Id).localeCompare(String(b.Id))),
  };
}

const PROP_MARKETS: { market: string; stat: (pw: PlayerWeek) => number; positions: string[] }[] = [
  { market: 'Most Rec Yards', stat: (pw) => pw.proj, positions: ['WR', 'TE', 'RB'] },
  { market: 'Most Rush Yards', stat: (pw) => pw.proj, positions: ['RB', 'QB'] },
  { market: 'Most Pass Yards', stat: (pw) => pw.proj, positions: ['QB'] },
  { market: 'Most Points', stat: (pw) => pw.proj, positions: ['QB', 'RB', 'WR', 'TE'] },
];

function propsOf(random: Random, week: number, playerWeeks: PlayerWeek[]): DemoProp[] {
  const out: DemoProp[] = [];
  for (const m of PROP_MARKETS) {
    const ranked = playerWeeks.filter((pw) => m.positions.includes(pw.player.position))
      .map((pw) => ({ pw, score: m.stat(pw) * Math.exp(random.normal() * 0.15) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 15);
    ranked.forEach((r, i) => {
      const odds = Math.round((300 + i * i * 45 + random.between(0, 150)) / 50) * 50;
      out.push({
        sport: 'nfl', season: NFL_DEMO_SEASON, week, market: m.market, name: r.pw.player.name, team: r.pw.player.team,
        position: r.pw.player.position, oddsAmerican: odds,
      });
    });
  }
  return out;
}

/** Share of the demo contest's field that cashes (a GPP's usual share; see contestOf). */
const DEMO_CASH_LINE_SHARE = 0.22;
/** Share of the demo field's classic lineups that stack the quarterback with a pass catcher. */
const DEMO_QB_STACK_SHARE = 0.75;
/** The demo contest's best entries take places 1 to this one, one each (see contestOf). */
const DEMO_DISTINCT_TOP_PLACES = 50;

/**
 * A sample of a large contest on the slate: lineups drawn by ownership under the cap, scored
 * with what happened, ranked, and spread over the field so that the top is dense: the best
 * take places 1 to 50 (the finish buckets 1st–5th and 6th–50th), the rest spread over the
 * places behind them, most of them in the money.
 */
function contestOf(random: Random, slate: DemoSlate, playerWeeks: PlayerWeek[], entries: number): DemoContestResult[] {
  const roster = getRoster('nfl', slate.site, slate.contestType);
  const site = slate.site as Site;
  const actualById = new Map<string, number>();
  for (const p of slate.players) {
    const pw = playerWeeks.find((x) => x.player.name === p.Name && x.player.team === p.TeamAbbrev);
    if (pw) actualById.set(`${p.Id}|${p.RosterPosition ?? ''}`, pw.actual[site]);
  }
  const lineups: { entries: ContestLineupEntry[]; points: number }[] = [];
  const pool = slate.players.map((p) => ({ p, own: Math.max(0.2, Number(p.ProjOwn) * Math.exp(random.normal() * 0.25)) }));
  const captainPosition = slate.players.find((p) => p.RosterPosition !== undefined && p.RosterPosition !== 'FLEX')?.RosterPosition;
  const slotCandidates = roster.slots.map((slot, i) => {
    const rosterPosition = slate.contestType === 'showdown' ? (i === 0 ? captainPosition : 'FLEX') : undefined;
    return pool.filter((x) => slot.eligible.includes(x.p.Position === 'D' ? 'DST' : String(x.p.Position))
      && (rosterPosition === undefined || x.p.RosterPosition === rosterPosition));
  });
  const cheapest = slotCandidates.map((c) => Math.min(...c.map((x) => Number(x.p.Salary))));
  /** One of `candidates` drawn by ownership, or undefined when there is none. */
  const drawFrom = (candidates: typeof pool) => {
    let u = random.next() * candidates.reduce((a, c) => a + c.own, 0);
    return candidates.find((c) => (u -= c.own) <= 0) ?? candidates[candidates.length - 1];
  };
  for (let attempt = 0; lineups.length < entries && attempt < entries * 50; attempt++) {
    const taken = new Set<string>();
    const chosen: { slot: string; x: (typeof pool)[number] }[] = [];
    // Most of a real field pairs its classic quarterback with a pass catcher of his team.
    const stacks = slate.contestType === 'classic' && random.next() < DEMO_QB_STACK_SHARE;
    let stackTeam: unknown;
    let left = roster.salaryCap;
    // As a real entrant does, each pick leaves enough salary for the cheapest fill of the slots after it.
    for (const [i, slot] of roster.slots.entries()) {
      const reserve = cheapest.slice(i + 1).reduce((a, b) => a + b, 0);
      const open = slotCandidates[i]!.filter((c) => !taken.has(String(c.p.Name)) && Number(c.p.Salary) <= left - reserve);
      const mates = stackTeam === undefined ? [] : open.filter((c) => c.p.TeamAbbrev === stackTeam && (c.p.Position === 'WR' || c.p.Position === 'TE'));
      const x = drawFrom(mates.length > 0 ? mates : open);
      if (!x) break;
      if (mates.length > 0) stackTeam = undefined;
      if (stacks && x.p.Position === 'QB') stackTeam = x.p.TeamAbbrev;
      taken.add(String(x.p.Name));
      left -= Number(x.p.Salary);
      chosen.push({ slot: slot.label, x });
    }
    if (chosen.length !== roster.slots.length || left < 0 || left > roster.salaryCap * 0.1) continue;
    const lineupEntries = chosen.map(({ slot, x }, i) => {
      // A slot's own scoring multiplier from the roster table (the showdown captain's 1.5).
      const mult = roster.slots[i]!.pointsMultiplier;
      return {
        Id: x.p.Id, Name: String(x.p.Name), Position: String(x.p.Position), RosterPosition: slot, TeamAbbrev: String(x.p.TeamAbbrev),
        Opp: String(x.p.Opp), Salary: Number(x.p.Salary), Own: round(Number(x.p.ProjOwn) * Math.exp(random.normal() * 0.2), 2),
        Pts: round((actualById.get(`${x.p.Id}|${x.p.RosterPosition ?? ''}`) ?? 0) * mult, 2),
      };
    });
    lineups.push({ entries: lineupEntries, points: round(lineupEntries.reduce((a, e) => a + e.Pts, 0), 2) });
  }
  lineups.sort((a, b) => b.points - a.points);
  const fieldSize = 150_000;
  const cashLine = Math.round(fieldSize * DEMO_CASH_LINE_SHARE);
  const top = Math.min(DEMO_DISTINCT_TOP_PLACES, lineups.length);
  const placeOf = (i: number) => (i < top ? i + 1
    : top + 1 + Math.floor((fieldSize - top - 1) * Math.pow((i - top) / Math.max(1, lineups.length - top), 3)));
  return lineups.map((l, i) => ({
    sport: 'nfl', site: slate.site, contestType: slate.contestType, season: slate.season, counter: slate.counter, slate: slate.name,
    contestName: `NFL $5 Demo Millionaire (${slate.name})`, fieldSize, cashLine,
    rank: placeOf(i),
    entryName: `player${(seedOf(`${slate.site}${slate.counter}${i}`) % 90000) + 10000}`,
    points: l.points, lineup: l.entries,
  }));
}
