// Deterministic random player pools for tests and the benchmark. The same roster, size and
// seed always give the same rows (mulberry32, see prng.ts).
import type { RosterSpec } from '@stacksmith/domain';
import type { PoolPlayer } from '../src/types.js';
import { gaussian, mulberry32, pick, pickWeighted, randInt, shuffled, type Rng } from './prng.js';

const TEAMS = [
  'ARI', 'ATL', 'BAL', 'BUF', 'CAR', 'CHI', 'CIN', 'CLE', 'DAL', 'DEN', 'DET', 'GB', 'HOU', 'IND', 'JAX', 'KC',
  'LV', 'LAC', 'LAR', 'MIA', 'MIN', 'NE', 'NO', 'NYG', 'NYJ', 'PHI', 'PIT', 'SF', 'SEA', 'TB', 'TEN', 'WAS',
];

const FIRST = ['Alex', 'Ben', 'Chris', 'Dan', 'Eli', 'Finn', 'Gabe', 'Hank', 'Ian', 'Jay', 'Kai', 'Leo', 'Max', 'Nate', 'Owen', 'Pat'];
const LAST = ['Adams', 'Brown', 'Clark', 'Davis', 'Evans', 'Foster', 'Green', 'Hill', 'Irwin', 'Jones', 'King', 'Lewis', 'Moore', 'Nash', 'Ortiz', 'Price'];

/** Kick-offs of the slate's games (America/New_York, with the offset written out). */
const GAME_STARTS = ['2024-10-13T13:00:00-04:00', '2024-10-13T16:05:00-04:00', '2024-10-13T16:25:00-04:00', '2024-10-13T20:20:00-04:00'];

/** Dual positions that exist on real sites, by sport. */
const DUAL_POSITIONS: Record<string, readonly (readonly [string, string])[]> = {
  nfl: [['RB', 'WR'], ['WR', 'TE']],
  nba: [['PG', 'SG'], ['SG', 'SF'], ['SF', 'PF'], ['PF', 'C']],
  mlb: [['1B', '3B'], ['2B', 'SS'], ['1B', 'OF'], ['C', '1B'], ['3B', 'SS']],
  pga: [],
  mma: [],
};

/** Projected points of a typical (cap / roster size) player, by sport. */
const TYPICAL_POINTS: Record<string, number> = { nfl: 14, nba: 32, mlb: 8, pga: 65, mma: 75 };

function name(rng: Rng, index: number): string {
  return `${pick(rng, FIRST)} ${pick(rng, LAST)} ${index}`;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Salary step of a site: whole dollars for the small caps (Yahoo 200, fd mma 100), else 100. */
function salaryStep(cap: number): number {
  return cap >= 10000 ? 100 : 1;
}

function roundTo(x: number, step: number): number {
  return Math.max(step, Math.round(x / step) * step);
}

/**
 * A random pool of `size` players for the roster. Every slot gets a distinct, single-position
 * player that fits it, cheap enough that those players together stay under the cap, so the
 * roster can always be filled. Salaries scale with the cap (a typical player costs about
 * cap / roster size); ProjPts follow salary with noise.
 */
export function randomPool(roster: RosterSpec, size: number, seed: number): PoolPlayer[] {
  const slots = roster.slots;
  if (size < slots.length) throw new Error(`a ${slots.length}-slot roster needs at least ${slots.length} players, got ${size}`);
  const rng = mulberry32(seed);
  const cap = roster.salaryCap;
  const step = salaryStep(cap);
  const typicalSalary = cap / slots.length;
  const typicalPoints = TYPICAL_POINTS[roster.sport] ?? 20;
  const showdown = roster.contestType === 'showdown';
  const captainSalary = Math.max(1, ...slots.filter((s) => s.captain).map((s) => s.salaryMultiplier));

  // Position weights follow the slots: a flex slot shares its weight among its positions.
  const positions = roster.positions;
  const weights = positions.map((p) => 0.3 + slots.reduce((w, s) => w + (s.eligible.includes(p) ? 1 / s.eligible.length : 0), 0));
  const duals = (DUAL_POSITIONS[roster.sport] ?? []).filter(([a, b]) => positions.includes(a) && positions.includes(b));

  // Teams: two for showdown, otherwise about one per four players, paired into games.
  const teamCount = showdown ? 2 : Math.min(TEAMS.length, Math.max(2, 2 * Math.ceil(size / 8)));
  const teams = shuffled(rng, TEAMS).slice(0, teamCount);

  const rows: Omit<PoolPlayer, 'Id' | 'Name'>[] = [];
  const makeRow = (position: string, salaryFactor: number): Omit<PoolPlayer, 'Id' | 'Name'> => {
    const t = randInt(rng, 0, teamCount - 1);
    const team = teams[t]!;
    const opp = teams[t ^ 1] ?? teams[0]!;
    const salary = roundTo(typicalSalary * salaryFactor, step);
    const projPts = round2(Math.max(0, typicalPoints * (salary / typicalSalary) * (1 + 0.25 * gaussian(rng))));
    const row: Omit<PoolPlayer, 'Id' | 'Name'> = {
      Position: position,
      TeamAbbrev: team,
      Opp: opp,
      Salary: salary,
      ProjPts: projPts,
      ProjOwn: round2(Math.min(40, Math.max(0, 40 * rng() * (salary / typicalSalary) * 0.6))),
      Ceiling: round2(projPts * (1.2 + 0.6 * rng())),
      GameStart: GAME_STARTS[Math.floor(t / 2) % GAME_STARTS.length]!,
    };
    if (roster.sport === 'nba') row.ProjMins = round2(12 + 26 * Math.min(1, salary / (1.6 * typicalSalary)) + 3 * gaussian(rng));
    return row;
  };

  // One dedicated player per slot, priced so that they fit: their total stays below the cap
  // even with the captain's salary multiplier.
  const dedicatedFactor = () => (0.45 + 0.35 * rng()) / captainSalary;
  for (const slot of slots) rows.push(makeRow(pick(rng, slot.eligible), dedicatedFactor()));

  while (rows.length < size) {
    let position = positions[pickWeighted(rng, weights)]!;
    if (duals.length > 0 && rng() < 0.2) position = pick(rng, duals).join('/');
    rows.push(makeRow(position, Math.max(0.3, 0.45 + 1.15 * rng())));
  }

  return shuffled(rng, rows).map((row, i) => ({ Id: String(10000 + i), Name: name(rng, i), ...row }));
}

export type BenchSlateKind = 'nfl-dk-classic' | 'nba-dk-classic';

interface DepthEntry {
  position: string;
  /** Salary range of the depth chart spot, in dollars. */
  lo: number;
  hi: number;
  /** Points per 1000 dollars. */
  value: number;
}

const NFL_TEAM: readonly DepthEntry[] = [
  { position: 'QB', lo: 5000, hi: 8500, value: 2.6 },
  { position: 'QB', lo: 4000, hi: 4800, value: 1.2 },
  { position: 'RB', lo: 4800, hi: 9000, value: 2.3 },
  { position: 'RB', lo: 4000, hi: 6000, value: 2.0 },
  { position: 'RB', lo: 4000, hi: 4800, value: 1.4 },
  { position: 'RB', lo: 4000, hi: 4400, value: 0.8 },
  { position: 'WR', lo: 5500, hi: 9000, value: 2.2 },
  { position: 'WR', lo: 4200, hi: 7000, value: 2.1 },
  { position: 'WR', lo: 3500, hi: 5500, value: 2.0 },
  { position: 'WR', lo: 3000, hi: 4200, value: 1.6 },
  { position: 'WR', lo: 3000, hi: 3500, value: 1.0 },
  { position: 'TE', lo: 3500, hi: 7500, value: 2.0 },
  { position: 'TE', lo: 2500, hi: 3500, value: 1.2 },
  { position: 'TE', lo: 2500, hi: 3000, value: 0.7 },
  { position: 'DST', lo: 2000, hi: 4000, value: 2.2 },
];

const NBA_TEAM: readonly DepthEntry[] = [
  { position: 'PG', lo: 6000, hi: 11000, value: 5.0 },
  { position: 'SG', lo: 4500, hi: 9000, value: 4.8 },
  { position: 'SF', lo: 4500, hi: 9500, value: 4.8 },
  { position: 'PF', lo: 4500, hi: 9500, value: 4.9 },
  { position: 'C', lo: 5000, hi: 11500, value: 5.1 },
  { position: 'PG/SG', lo: 3500, hi: 6500, value: 4.6 },
  { position: 'SG/SF', lo: 3000, hi: 6000, value: 4.5 },
  { position: 'SF/PF', lo: 3000, hi: 6000, value: 4.5 },
  { position: 'PF/C', lo: 3000, hi: 5500, value: 4.4 },
  { position: 'PG', lo: 3000, hi: 4500, value: 4.0 },
  { position: 'SG', lo: 3000, hi: 4000, value: 3.5 },
  { position: 'C', lo: 3000, hi: 4200, value: 3.8 },
  { position: 'SF/PF', lo: 3000, hi: 3600, value: 3.0 },
];

/**
 * A full slate for the benchmark: nfl dk classic is 26 teams (13 games) × 15 players = 390
 * rows (2 QB, 4 RB, 5 WR, 3 TE, 1 DST a team); nba dk classic is 20 teams × 13 = 260 rows
 * with PG/SG, SG/SF, SF/PF and PF/C dual positions. Salaries in 100-dollar steps.
 */
export function benchSlate(kind: BenchSlateKind, seed = 1): PoolPlayer[] {
  const rng = mulberry32(seed);
  const nfl = kind === 'nfl-dk-classic';
  const depth = nfl ? NFL_TEAM : NBA_TEAM;
  const teams = shuffled(rng, TEAMS).slice(0, nfl ? 26 : 20);
  const starts = nfl ? GAME_STARTS : ['2024-11-20T19:00:00-05:00', '2024-11-20T19:30:00-05:00', '2024-11-20T20:00:00-05:00', '2024-11-20T22:00:00-05:00'];
  const players: PoolPlayer[] = [];
  teams.forEach((team, t) => {
    const opp = teams[t ^ 1]!;
    const gameStart = starts[Math.floor(t / 2) % starts.length]!;
    for (const entry of depth) {
      const salary = roundTo(entry.lo + (entry.hi - entry.lo) * rng(), 100);
      const projPts = round2(Math.max(0, (salary / 1000) * entry.value * (1 + 0.2 * gaussian(rng))));
      const index = players.length;
      const player: PoolPlayer = {
        Id: String(20000 + index),
        Name: name(rng, index),
        Position: entry.position,
        TeamAbbrev: team,
        Opp: opp,
        Salary: salary,
        ProjPts: projPts,
        ProjOwn: round2(Math.min(40, Math.max(0, (projPts / (nfl ? 25 : 50)) * 30 * (0.5 + rng())))),
        Ceiling: round2(projPts * (1.3 + 0.7 * rng())),
        GameStart: gameStart,
      };
      if (!nfl) player.ProjMins = round2(Math.min(40, Math.max(8, 10 + 28 * ((salary - 3000) / 8500) + 3 * gaussian(rng))));
      players.push(player);
    }
  });
  return players;
}
