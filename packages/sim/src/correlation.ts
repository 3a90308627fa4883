// Correlations between players of one game, as a Gaussian copula: each game's players draw
// correlated standard normals z = L·ε (L the Cholesky factor of the game's matrix) and each
// player's points are his marginal at z. The matrix is built from the rules below, by sport;
// the values and their sources are in docs/simulation.md.
import type { SimPlayer } from './slate.js';

export type Side = 'team' | 'opp';

/** ρ between the latent normals of a player at position a and one at position b ('*': any). */
export interface CorrelationRule {
  side: Side;
  a: string;
  b: string;
  rho: number;
}

const rule = (side: Side, a: string, b: string, rho: number): CorrelationRule => ({ side, a, b, rho });

/**
 * The correlation table by sport. A pair takes the most specific rule that matches
 * (both positions named, then one, then '*'/'*'); pairs without a rule are independent.
 */
export const CORRELATION_RULES: Readonly<Record<string, readonly CorrelationRule[]>> = {
  nfl: [
    // Teammates: a QB's points come from his pass catchers' catches.
    rule('team', 'QB', 'WR', 0.35), rule('team', 'QB', 'TE', 0.3), rule('team', 'QB', 'RB', 0), rule('team', 'QB', 'K', 0.25),
    rule('team', 'QB', 'DST', 0), rule('team', 'RB', 'RB', -0.15), rule('team', 'WR', 'WR', 0.05), rule('team', 'WR', 'TE', 0),
    rule('team', 'RB', 'WR', 0), rule('team', 'RB', 'TE', -0.05), rule('team', 'RB', 'DST', 0.15), rule('team', 'RB', 'K', 0.15),
    rule('team', 'WR', 'K', 0.1), rule('team', 'TE', 'K', 0.1), rule('team', 'DST', 'K', 0.25),
    // Opponents: shoot-outs lift both offences (bring-backs); a defence scores off the other offence's failures.
    rule('opp', 'QB', 'QB', 0.2), rule('opp', 'QB', 'WR', 0.15), rule('opp', 'QB', 'TE', 0.1), rule('opp', 'QB', 'RB', 0.05),
    rule('opp', 'WR', 'WR', 0.1), rule('opp', 'WR', 'TE', 0.05), rule('opp', 'RB', 'RB', -0.05),
    rule('opp', 'DST', 'QB', -0.35), rule('opp', 'DST', 'RB', -0.2), rule('opp', 'DST', 'WR', -0.2), rule('opp', 'DST', 'TE', -0.15),
    rule('opp', 'DST', 'K', -0.2), rule('opp', 'DST', 'DST', -0.05),
  ],
  nba: [
    // Teammates share minutes and usage; opponents share the pace of the game.
    rule('team', '*', '*', -0.08), rule('team', 'PG', 'PG', -0.15), rule('team', 'C', 'C', -0.15), rule('team', 'PG', 'C', 0),
    rule('opp', '*', '*', 0.08),
  ],
  mlb: [
    // Hitters of one team score off each other (runs and RBIs); a pitcher suffers their runs.
    rule('team', '*', '*', 0.2), rule('team', 'P', '*', 0.05), rule('team', 'P', 'P', 0),
    rule('opp', 'P', '*', -0.3), rule('opp', 'P', 'P', 0), rule('opp', '*', '*', 0.03),
  ],
  // One bout: when one fighter wins the other loses.
  mma: [rule('opp', '*', '*', -0.6)],
  pga: [],
};

function specificity(r: CorrelationRule, a: string, b: string): number {
  const direct = (r.a === a || r.a === '*') && (r.b === b || r.b === '*');
  const swapped = (r.a === b || r.a === '*') && (r.b === a || r.b === '*');
  if (!direct && !swapped) return -1;
  return (r.a === '*' ? 0 : 1) + (r.b === '*' ? 0 : 1);
}

/** ρ between two players of one game (0 when they share no game or no rule matches). */
export function pairCorrelation(sport: string, x: Pick<SimPlayer, 'team' | 'opp' | 'position'>, y: Pick<SimPlayer, 'team' | 'opp' | 'position'>): number {
  const side: Side | null = x.team === y.team ? 'team' : x.opp !== '' && x.opp === y.team ? 'opp' : null;
  if (!side) return 0;
  let best: CorrelationRule | null = null;
  let bestScore = -1;
  for (const r of CORRELATION_RULES[sport] ?? []) {
    if (r.side !== side) continue;
    const score = specificity(r, x.position, y.position);
    if (score > bestScore) { best = r; bestScore = score; }
  }
  return best?.rho ?? 0;
}

/** The game a player belongs to: the two teams, sorted (the team alone without an opponent). */
export function gameKey(player: Pick<SimPlayer, 'team' | 'opp'>): string {
  return player.opp ? [player.team, player.opp].sort().join('@') : player.team;
}

/** Lower-triangular Cholesky factor (row-major n×n) of a symmetric matrix, or null if not positive definite. */
export function cholesky(matrix: Float64Array, n: number): Float64Array | null {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (!(sum > 1e-10)) return null;
        l[i * n + i] = Math.sqrt(sum);
      } else {
        l[i * n + j] = sum / l[j * n + j]!;
      }
    }
  }
  return l;
}

export interface GameFactor {
  /** Indices of the game's players in the slate. */
  players: Int32Array;
  /** Cholesky factor of the game's correlation matrix (row-major, lower). */
  chol: Float64Array;
  /** The off-diagonal scale used (1 unless the rules gave a matrix that is not positive definite). */
  shrink: number;
}

/**
 * How involved a player is, 0..1: his mean over the best mean at his position on his team. A
 * backup QB does not share the starter's correlation with the pass catchers (and two QBs
 * correlated alike with the same receivers but not with each other give no valid matrix).
 */
export function involvement(players: readonly Pick<SimPlayer, 'team' | 'position' | 'mean'>[]): Float64Array {
  const best = new Map<string, number>();
  for (const p of players) {
    const key = `${p.team}|${p.position}`;
    best.set(key, Math.max(best.get(key) ?? 0, p.mean));
  }
  return Float64Array.from(players.map((p) => {
    const top = best.get(`${p.team}|${p.position}`)!;
    return top > 0 ? Math.max(0, Math.min(1, p.mean / top)) : 0;
  }));
}

/** The correlation matrix of a list of players (row-major): the rules' ρ times both players' involvement. */
export function correlationMatrix(sport: string, players: readonly SimPlayer[]): Float64Array {
  const n = players.length;
  const m = new Float64Array(n * n);
  const weight = involvement(players);
  for (let i = 0; i < n; i++) {
    m[i * n + i] = 1;
    for (let j = 0; j < i; j++) {
      const rho = pairCorrelation(sport, players[i]!, players[j]!) * weight[i]! * weight[j]!;
      m[i * n + j] = rho;
      m[j * n + i] = rho;
    }
  }
  return m;
}

/**
 * One factor per game. Many players of one team with a negative ρ between each pair can make a
 * matrix that is not positive definite: the off-diagonals are then scaled down until it is.
 */
export function gameFactors(sport: string, players: readonly SimPlayer[]): GameFactor[] {
  const byGame = new Map<string, number[]>();
  players.forEach((p, i) => {
    const key = gameKey(p);
    const list = byGame.get(key);
    if (list) list.push(i);
    else byGame.set(key, [i]);
  });
  const factors: GameFactor[] = [];
  for (const members of byGame.values()) {
    const n = members.length;
    const base = correlationMatrix(sport, members.map((i) => players[i]!));
    let shrink = 1;
    let chol = cholesky(base, n);
    while (!chol) {
      shrink *= 0.9;
      const scaled = base.map((v, k) => (k % (n + 1) === 0 ? 1 : v * shrink));
      chol = cholesky(scaled, n);
    }
    factors.push({ players: Int32Array.from(members), chol, shrink });
  }
  return factors;
}
