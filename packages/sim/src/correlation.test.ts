import { describe, expect, it } from 'vitest';
import { nflSlate } from '../test-support/synthetic.js';
import { cholesky, correlationMatrix, gameFactors, gameKey, involvement, pairCorrelation } from './correlation.js';
import { compileModel, drawOutcomes, scratchSize } from './model.js';
import { contestFromTemplate } from './contest.js';
import type { SimPlayer } from './slate.js';

const p = (team: string, opp: string, position: string): SimPlayer => ({ name: `${team}${position}`, team, opp, position, mean: 10 });

function pearson(x: Float64Array, y: Float64Array): number {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0; let sxx = 0; let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe('correlation rules', () => {
  it('take the most specific rule for the pair and its side of the game', () => {
    expect(pairCorrelation('nfl', p('KC', 'BUF', 'QB'), p('KC', 'BUF', 'WR'))).toBe(0.35);
    expect(pairCorrelation('nfl', p('KC', 'BUF', 'WR'), p('KC', 'BUF', 'QB'))).toBe(0.35);
    expect(pairCorrelation('nfl', p('KC', 'BUF', 'QB'), p('BUF', 'KC', 'WR'))).toBe(0.15);
    expect(pairCorrelation('nfl', p('KC', 'BUF', 'QB'), p('BUF', 'KC', 'DST'))).toBe(-0.35);
    expect(pairCorrelation('nfl', p('KC', 'BUF', 'QB'), p('MIA', 'NYJ', 'WR'))).toBe(0);
    expect(pairCorrelation('nba', p('BOS', 'MIA', 'PG'), p('BOS', 'MIA', 'SF'))).toBe(-0.08);
    expect(pairCorrelation('nba', p('BOS', 'MIA', 'PG'), p('BOS', 'MIA', 'PG'))).toBe(-0.15);
    expect(pairCorrelation('mlb', p('NYY', 'BOS', 'OF'), p('NYY', 'BOS', 'SS'))).toBe(0.2);
    expect(pairCorrelation('mlb', p('NYY', 'BOS', 'P'), p('BOS', 'NYY', 'OF'))).toBe(-0.3);
    expect(pairCorrelation('pga', p('A', '', 'G'), p('B', '', 'G'))).toBe(0);
    expect(gameKey(p('KC', 'BUF', 'QB'))).toBe(gameKey(p('BUF', 'KC', 'QB')));
  });

  it("weakens a backup's correlations by his share of the position's points", () => {
    const starter = { ...p('A', 'B', 'QB'), mean: 20 };
    const backup = { ...p('A', 'B', 'QB'), mean: 5 };
    const wr = { ...p('A', 'B', 'WR'), mean: 12 };
    expect(Array.from(involvement([starter, backup, wr]))).toEqual([1, 0.25, 1]);
    const m = correlationMatrix('nfl', [starter, backup, wr]);
    expect(m[0 * 3 + 2]).toBeCloseTo(0.35, 12);
    expect(m[1 * 3 + 2]).toBeCloseTo(0.35 * 0.25, 12);
  });

  it('factor each game exactly (L·Lᵀ is the matrix) and shrink a matrix that is not positive definite', () => {
    const players = [p('A', 'B', 'QB'), p('A', 'B', 'WR'), p('A', 'B', 'TE'), p('B', 'A', 'DST'), p('B', 'A', 'WR')];
    const m = correlationMatrix('nfl', players);
    const l = cholesky(m, 5)!;
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) {
        let v = 0;
        for (let k = 0; k < 5; k++) v += l[i * 5 + k]! * l[j * 5 + k]!;
        expect(v).toBeCloseTo(m[i * 5 + j]!, 12);
      }
    }
    // 30 teammates at ρ = −0.08 each: 1 + 29·(−0.08) < 0, so no such matrix exists.
    const crowd = Array.from({ length: 30 }, (_, i) => ({ ...p('A', 'B', 'SF'), name: `SF${i}` }));
    const [factor] = gameFactors('nba', crowd);
    expect(factor!.shrink).toBeLessThan(1);
    expect(factor!.shrink).toBeGreaterThan(0.3);
  });

  it('give simulated latent scores the correlations of the matrix', () => {
    // The game's copula alone: no projection error around the means.
    const slate = { ...nflSlate(2, 11), projectionError: 0 };
    const contest = contestFromTemplate('gpp', { fieldSize: 100, entryFee: 1 });
    const model = compileModel({ slate, contest, fieldCount: 0, fields: 1, pool: [], portfolio: [], seed: 5, simulations: 1, keepForSelection: false });
    const S = 20_000;
    const n = slate.players.length;
    const latent = Array.from({ length: n }, () => new Float64Array(S));
    const out = new Float64Array(n);
    const eps = new Float64Array(scratchSize(model));
    for (let s = 0; s < S; s++) {
      drawOutcomes(model, s, out, eps);
      // Invert each marginal back to its normal score.
      for (let i = 0; i < n; i++) latent[i]![s] = model.sigma[i]! > 0 ? (Math.log(out[i]! - model.floor[i]!) - model.mu[i]!) / model.sigma[i]! : 0;
    }
    const pairs: [number, number][] = [];
    const byRole = (team: string, position: string) => slate.players.findIndex((x) => x.team === team && x.position === position);
    pairs.push([byRole('T0', 'QB'), byRole('T0', 'WR')], [byRole('T0', 'QB'), byRole('T1', 'DST')], [byRole('T0', 'QB'), byRole('T1', 'QB')],
      [byRole('T0', 'RB'), byRole('T0', 'DST')], [byRole('T0', 'QB'), byRole('T2', 'QB')]);
    const weight = involvement(slate.players);
    expect(gameFactors('nfl', slate.players).every((g) => g.shrink === 1)).toBe(true);
    for (const [i, j] of pairs) {
      const expected = pairCorrelation('nfl', slate.players[i]!, slate.players[j]!) * weight[i]! * weight[j]!;
      // Standard error of a sample correlation ≈ (1 − ρ²)/√S ≈ 0.007: allow four of them.
      expect(Math.abs(pearson(latent[i]!, latent[j]!) - expected)).toBeLessThan(0.03);
    }
    // QB with his WR: the points themselves are positively correlated too.
    const qb = byRole('T0', 'QB');
    const wr = byRole('T0', 'WR');
    expect(pearson(latent[qb]!, latent[wr]!)).toBeGreaterThan(0.3);
  });
});
