// Synthetic slates for the simulation tests: a dk-nfl-classic-shaped roster written out as
// data here (slot eligibility, cap), so that the tests do not depend on another package.
import { mulberry32 } from '../src/random.js';
import type { SimOption, SimPlayer, SimSlate } from '../src/slate.js';

/** Slot eligibility of a 9-slot nfl classic roster: QB, RB, RB, WR, WR, WR, TE, FLEX, DST. */
const NFL_SLOTS: Record<string, number[]> = { QB: [0], RB: [1, 2, 7], WR: [3, 4, 5, 7], TE: [6, 7], DST: [8] };

/** A small deterministic generator (mulberry32, random.ts), so the slates are the same on every run. */
export const mulberry = mulberry32;

const DEPTH: { position: string; salary: [number, number]; value: number; share: number }[] = [
  { position: 'QB', salary: [5500, 8000], value: 2.7, share: 0.8 }, { position: 'QB', salary: [4500, 5200], value: 2.2, share: 0.2 },
  { position: 'RB', salary: [6000, 9000], value: 2.3, share: 0.6 }, { position: 'RB', salary: [4500, 6000], value: 2.1, share: 0.3 },
  { position: 'RB', salary: [4000, 4800], value: 1.6, share: 0.1 },
  { position: 'WR', salary: [6500, 9000], value: 2.2, share: 0.45 }, { position: 'WR', salary: [5000, 6500], value: 2.1, share: 0.3 },
  { position: 'WR', salary: [3500, 5000], value: 2.0, share: 0.2 }, { position: 'WR', salary: [3000, 3500], value: 1.5, share: 0.05 },
  { position: 'TE', salary: [4500, 7000], value: 2.0, share: 0.7 }, { position: 'TE', salary: [2500, 3500], value: 1.8, share: 0.3 },
  { position: 'DST', salary: [2400, 3800], value: 2.5, share: 1 },
];

/** Position totals of ownership in a lineup of 9: one QB, TE and DST, the rest at RB/WR/TE/FLEX. */
const POSITION_OWN: Record<string, number> = { QB: 100, RB: 250, WR: 340, TE: 110, DST: 100 };

/** An nfl classic slate of `games` games, with ownership that adds up per position. */
export function nflSlate(games = 4, seed = 7): SimSlate {
  const rand = mulberry(seed);
  const teams = Array.from({ length: games * 2 }, (_, i) => `T${i}`);
  const players: SimPlayer[] = [];
  const options: SimOption[] = [];
  const shares: number[] = [];
  teams.forEach((team, t) => {
    const opp = teams[t ^ 1]!;
    for (const d of DEPTH) {
      const salary = Math.round((d.salary[0] + (d.salary[1] - d.salary[0]) * rand()) / 100) * 100;
      const mean = Math.round((salary / 1000) * d.value * (0.85 + 0.3 * rand()) * 10) / 10;
      const index = players.length;
      players.push({ name: `${team} ${d.position}${index}`, team, opp, position: d.position, mean, ceiling: Math.round(mean * (1.4 + 0.3 * rand()) * 10) / 10 });
      options.push({ id: String(1000 + index), player: index, slots: NFL_SLOTS[d.position]!, positions: [d.position], salary, multiplier: 1, ownership: 0, captain: false });
      shares.push(d.share * (0.5 + rand()) * (mean / salary) ** 3);
    }
  });
  // Ownership: each position's total split in proportion to the shares, tilted towards cheaper
  // players until the ownership-weighted lineup costs about $49,200 (real fields fit the cap).
  const ownershipWith = (tilt: number) => {
    for (const [position, total] of Object.entries(POSITION_OWN)) {
      const members = options.map((o, i) => ({ o, i })).filter(({ o }) => o.positions[0] === position);
      const weight = (i: number) => shares[i]! * Math.exp(-tilt * options[i]!.salary / 1000);
      const sum = members.reduce((s, { i }) => s + weight(i), 0);
      for (const { o, i } of members) o.ownership = Math.round(((weight(i) * total) / sum) * 100) / 100;
    }
    return options.reduce((s, o) => s + (o.ownership * o.salary) / 100, 0);
  };
  let lo = -2;
  let hi = 2;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (ownershipWith(mid) > 49200) lo = mid; else hi = mid;
  }
  ownershipWith(hi);
  return { sport: 'nfl', salaryCap: 50000, slotCount: 9, players, options };
}

/** Lineups drawn at random (valid): for tests that need a pool of candidates. */
export function randomLineups(slate: SimSlate, count: number, seed: number): number[][] {
  const rand = mulberry(seed);
  const out: number[][] = [];
  const seen = new Set<string>();
  const byPos = (p: string) => slate.options.map((o, i) => (o.positions[0] === p ? i : -1)).filter((i) => i >= 0);
  const pick = (list: number[], taken: number[]) => {
    const free = list.filter((i) => !taken.includes(i));
    return free[Math.floor(rand() * free.length)]!;
  };
  let guard = 0;
  while (out.length < count && guard++ < count * 200) {
    const lineup: number[] = [];
    lineup.push(pick(byPos('QB'), lineup));
    lineup.push(pick(byPos('RB'), lineup), pick(byPos('RB'), lineup));
    lineup.push(pick(byPos('WR'), lineup), pick(byPos('WR'), lineup), pick(byPos('WR'), lineup));
    lineup.push(pick(byPos('TE'), lineup));
    lineup.push(pick([...byPos('RB'), ...byPos('WR'), ...byPos('TE')], lineup));
    lineup.push(pick(byPos('DST'), lineup));
    const salary = lineup.reduce((s, o) => s + slate.options[o]!.salary, 0);
    const key = [...lineup].sort((a, b) => a - b).join(',');
    if (salary > slate.salaryCap || salary < slate.salaryCap * 0.9 || seen.has(key)) continue;
    seen.add(key);
    out.push(lineup);
  }
  return out;
}
