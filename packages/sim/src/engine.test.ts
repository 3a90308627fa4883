import { describe, expect, it } from 'vitest';
import { nflSlate, randomLineups } from '../test-support/synthetic.js';
import { contestFromPayouts, contestFromTemplate } from './contest.js';
import { drawField, histogram, simulate } from './engine.js';
import { drawOutcomes, FIELDS_PER_RUN, scratchSize, type CompiledModel } from './model.js';
import { optimisedLineups } from '../test-support/truth.js';

const slate = nflSlate(3, 21);
const pool = randomLineups(slate, 60, 5);

/** Payouts by the book: every entry scored, all sorted together, tied groups share their places' prizes. */
function referencePayouts(model: CompiledModel, sim: number, entries: number[][], fieldLineups: number[][], payouts: number[]): number[] {
  const out = new Float64Array(model.playerCount);
  drawOutcomes(model, sim, out, new Float64Array(scratchSize(model)));
  const score = (l: number[]) => Math.fround([...l].sort((a, b) => a - b).reduce((s, o) => s + model.optionMult[o]! * out[model.optionPlayer[o]!]!, 0));
  const all = [...entries.map((l, i) => ({ score: score(l), own: i })), ...fieldLineups.map((l) => ({ score: score(l), own: -1 }))]
    .sort((a, b) => b.score - a.score);
  const result = new Array<number>(entries.length).fill(0);
  for (let start = 0; start < all.length;) {
    let end = start;
    while (end < all.length && all[end]!.score === all[start]!.score) end++;
    let prize = 0;
    for (let r = start; r < end; r++) prize += payouts[r] ?? 0;
    for (let r = start; r < end; r++) if (all[r]!.own >= 0) result[all[r]!.own] = prize / (end - start);
    start = end;
  }
  return result;
}

describe('simulate', () => {
  const contest = contestFromTemplate('gpp', { fieldSize: 400, entryFee: 10 });

  it('pays each lineup and the portfolio exactly as a full sort of every entry would, ties split', async () => {
    const portfolio = [0, 1, 2, 3, 3 + 1];
    const entries = portfolio.map((i) => pool[i]!);
    // The same lineup twice in the portfolio and a copy of it in the field: a three-way tie.
    const duplicated = [...entries, entries[0]!];
    const spec = { slate, contest, lineups: [...pool.slice(0, 5), entries[0]!], portfolio: [0, 1, 2, 3, 4, 5], simulations: 40, seed: 9 };
    const field = drawField(spec);
    field.lineups.set(entries[0]!, 0);
    const result = await simulate({ ...spec, field }, { threads: 0 });
    const fieldLineups = Array.from({ length: field.count }, (_, i) => Array.from(field.lineups.subarray(i * 9, (i + 1) * 9)));
    let total = 0;
    const standalone = new Array<number>(6).fill(0);
    for (let s = 0; s < 40; s++) {
      const pays = referencePayouts(result.model, s, duplicated, fieldLineups, contest.payouts);
      const sum = pays.reduce((a, b) => a + b, 0);
      expect(result.portfolio!.profits[s]! + 6 * contest.entryFee).toBeCloseTo(sum, 6);
      total += sum;
      duplicated.forEach((l, i) => { standalone[i]! += referencePayouts(result.model, s, [l], fieldLineups, contest.payouts)[0]!; });
    }
    expect(result.portfolio!.meanProfit + 60).toBeCloseTo(total / 40, 6);
    result.lineups.forEach((stats, i) => expect(stats.meanPayout).toBeCloseTo(standalone[i]! / 40, 6));
    expect(result.lineups[5]!.duplicates).toBeGreaterThanOrEqual(1);
  });

  it('pays entries below every opponent when the contest pays more places than there are opponents', async () => {
    const everyone = contestFromPayouts('all paid', [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], { fieldSize: 10, entryFee: 5, maxEntriesPerUser: 6 });
    const spec = { slate, contest: everyone, lineups: pool.slice(0, 6), portfolio: [0, 1, 2, 3, 4, 5], simulations: 30, seed: 3 };
    const field = drawField(spec);
    const result = await simulate({ ...spec, field }, { threads: 0 });
    const fieldLineups = Array.from({ length: field.count }, (_, i) => Array.from(field.lineups.subarray(i * 9, (i + 1) * 9)));
    expect(field.count).toBe(4);
    for (let s = 0; s < 30; s++) {
      const pays = referencePayouts(result.model, s, pool.slice(0, 6), fieldLineups, everyone.payouts);
      expect(result.portfolio!.profits[s]! + 30).toBeCloseTo(pays.reduce((a, b) => a + b, 0), 9);
    }
    // Alone against four opponents a lineup places 5th at worst: it always cashes.
    expect(result.lineups.every((l) => l.cash === 1)).toBe(true);
  });

  it('is reproducible: the same seed gives the same numbers in this thread and in two workers', async () => {
    const spec = { slate, contest, lineups: pool, portfolio: [0, 5, 10], simulations: 600, seed: 4 };
    const inline = await simulate(spec, { threads: 0, chunkSize: 100 });
    const progress: number[] = [];
    const workers = await simulate(spec, { threads: 2, chunkSize: 100, onProgress: (p) => progress.push(p.done) });
    expect(workers.lineups).toEqual(inline.lineups);
    expect(Array.from(workers.portfolio!.profits)).toEqual(Array.from(inline.portfolio!.profits));
    // 600 simulations over 8 fields of 75: a chunk never crosses a field.
    expect(progress).toEqual(Array.from({ length: FIELDS_PER_RUN }, (_, i) => 75 * (i + 1)));
    expect(inline.fields).toBe(FIELDS_PER_RUN);
    expect(Array.from(inline.simulationFields.subarray(70, 80))).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    const other = await simulate({ ...spec, seed: 5 }, { threads: 0 });
    expect(other.lineups[0]!.meanPayout).not.toBe(inline.lineups[0]!.meanPayout);
  });

  it('reports rates that are shares, a standard error that shrinks with more simulations on one field, and P(loss)', async () => {
    const spec = { slate, contest, lineups: pool, portfolio: [0, 1], simulations: 400, seed: 2 };
    const field = drawField(spec);
    const small = await simulate({ ...spec, field }, { threads: 0 });
    const large = await simulate({ ...spec, field, simulations: 1600 }, { threads: 0 });
    for (const stats of large.lineups) {
      for (const rate of [stats.win, stats.top1, stats.cash]) expect(rate).toBeGreaterThanOrEqual(0);
      expect(stats.win).toBeLessThanOrEqual(stats.top1);
      expect(stats.cash).toBeLessThanOrEqual(1);
      expect(stats.roi).toBeGreaterThanOrEqual(-1);
    }
    const se = (r: typeof small) => r.lineups.reduce((s, l) => s + l.roiSe, 0);
    expect(se(large)).toBeLessThan(se(small) * 0.65);
    const losses = large.portfolio!.profits.filter((p) => p < 0).length;
    expect(large.portfolio!.pLoss).toBe(losses / 1600);
    const h = histogram(large.portfolio!.profits, 20);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(1600);
    expect(h.edges).toHaveLength(21);
  });

  it('reports standard errors that count the field: the spread of figures between seeds (each its own fields) is what one run says', { timeout: 120_000 }, async () => {
    // Optimised entries, whose results depend most on who else plays their players. A figure's
    // z-score against the mean over every seed should be about N(0, 1) if a run's SE is honest;
    // the one-field model (one field, SE over simulations only) shows a wider spread.
    const small = contestFromTemplate('gpp', { fieldSize: 200, entryFee: 10 });
    const entries = optimisedLineups(slate, randomLineups(slate, 300, 5), 10);
    const figures = async (fields: number) => {
      const runs = [];
      for (let seed = 1; seed <= 20; seed++) {
        const run = await simulate({
          slate, contest: small, lineups: entries, portfolio: entries.map((_, i) => i), simulations: 4000, seed, fields, fieldOptions: { calibrationRounds: 6 },
        }, { threads: 0 });
        runs.push(run.portfolio!);
      }
      return runs;
    };
    const [many, one] = [await figures(FIELDS_PER_RUN), await figures(1)];
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const roi = mean(many.map((p) => p.roi));
    const top1 = mean(many.map((p) => p.top1));
    const zSpread = (runs: typeof many) => {
      const z = runs.flatMap((p) => [(p.roi - roi) / p.roiSe, (p.top1 - top1) / p.top1Se]);
      return Math.sqrt(z.reduce((s, x) => s + x * x, 0) / (z.length - 1));
    };
    expect(zSpread(many)).toBeLessThan(1.35);
    expect(zSpread(one)).toBeGreaterThan(1.5);
    // The field's part does not shrink with simulations: the SE is above the simulations' alone.
    const simsOnly = many.map((p) => Math.sqrt(p.profits.reduce((s, x) => s + (x - p.meanProfit) ** 2, 0) / (p.profits.length - 1) / p.profits.length) / p.cost);
    expect(mean(many.map((p) => p.roiSe))).toBeGreaterThan(mean(simsOnly) * 1.1);
  });

  it('refuses more entries than the contest allows per user', async () => {
    const single = contestFromTemplate('single-entry', { fieldSize: 100, entryFee: 5 });
    await expect(simulate({ slate, contest: single, lineups: pool, portfolio: [0, 1], simulations: 10, seed: 1 })).rejects.toThrow(/more than this contest's 1 per user/);
  });

  it('is calibrated: rates predicted from the model fall within their confidence intervals of rates realised in fresh worlds', async () => {
    // Predicted: one run of the model. Realised: an independent set of worlds drawn from the
    // same model against the same field. Each difference, over its standard error, is about
    // N(0, 1): almost all lie within ±2.6 (99 %), and the average squared z is near 1.
    const fifty = contestFromPayouts('cash game', new Array<number>(150).fill(18), { fieldSize: 300, entryFee: 10 });
    const lineups = pool.slice(0, 40);
    const spec = { slate, contest: fifty, lineups, simulations: 3000, seed: 31 };
    const field = drawField(spec);
    const predicted = await simulate({ ...spec, field }, { threads: 0 });
    const realised = await simulate({ ...spec, field, seed: 977 }, { threads: 0 });
    const zs: number[] = [];
    const gpp = await simulate({ ...spec, contest, field, seed: 31 }, { threads: 0 });
    const gppRealised = await simulate({ ...spec, contest, field, seed: 977 }, { threads: 0 });
    const rate = (p: number, q: number) => {
      const se = Math.sqrt((p * (1 - p) + q * (1 - q)) / 3000);
      if (se > 0) zs.push((p - q) / se);
    };
    lineups.forEach((_, i) => {
      rate(predicted.lineups[i]!.cash, realised.lineups[i]!.cash);
      rate(gpp.lineups[i]!.win, gppRealised.lineups[i]!.win);
      rate(gpp.lineups[i]!.top1, gppRealised.lineups[i]!.top1);
    });
    expect(zs.length).toBeGreaterThan(60);
    expect(zs.filter((z) => Math.abs(z) > 2.6).length).toBeLessThanOrEqual(Math.ceil(zs.length * 0.03));
    const meanSquare = zs.reduce((s, z) => s + z * z, 0) / zs.length;
    expect(meanSquare).toBeGreaterThan(0.5);
    expect(meanSquare).toBeLessThan(1.6);
  });

  it('judges comparison sets on the same simulations exactly as separate runs of them would', async () => {
    const spec = { slate, contest, lineups: pool.slice(0, 12), simulations: 120, seed: 17 };
    const field = drawField({ ...spec, portfolio: [0, 1, 2, 3] });
    const together = await simulate({ ...spec, field, portfolio: [0, 1, 2, 3], comparisons: [[4, 5, 6, 7], [8, 9, 10, 11]] }, { threads: 0 });
    expect(together.comparisons).toHaveLength(2);
    for (const [i, set] of [[4, 5, 6, 7], [8, 9, 10, 11]].entries()) {
      const alone = await simulate({ ...spec, field, portfolio: set }, { threads: 0 });
      expect(Array.from(together.comparisons[i]!.profits)).toEqual(Array.from(alone.portfolio!.profits));
      expect(together.comparisons[i]!.top1).toBe(alone.portfolio!.top1);
    }
    const first = await simulate({ ...spec, field, portfolio: [0, 1, 2, 3] }, { threads: 0 });
    expect(Array.from(together.portfolio!.profits)).toEqual(Array.from(first.portfolio!.profits));
    await expect(simulate({ ...spec, field, portfolio: [0, 1], comparisons: [[2]] }, { threads: 0 })).rejects.toThrow(RangeError);
  });
});
