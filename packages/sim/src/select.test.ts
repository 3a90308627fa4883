import { describe, expect, it } from 'vitest';
import { refusal } from '../test-support/refusal.js';
import { nflSlate, randomLineups } from '../test-support/synthetic.js';
import { contestFromTemplate } from './contest.js';
import { drawField, simulate } from './engine.js';
import { MAX_SELECTION_SIMULATIONS, selectionSimulations } from './model.js';
import { selectPortfolio, SelectionError } from './select.js';

const slate = nflSlate(3, 21);
const pool = randomLineups(slate, 120, 8);
const contest = contestFromTemplate('gpp', { fieldSize: 500, entryFee: 10 });
const spec = { slate, contest, lineups: pool, simulations: 800, seed: 12, portfolio: new Array<number>(10).fill(0).map((_, i) => i) };
const field = drawField(spec);
const allLineups = () => pool.map((_, i) => i);

/** Expected payout of a set of entries, evaluated by a plain simulation of them together. */
async function payoutOf(entries: number[]): Promise<number> {
  if (entries.length === 0) return 0;
  const run = await simulate({ slate, contest, lineups: pool, portfolio: entries, simulations: 800, seed: 12, field }, { threads: 0 });
  return run.portfolio!.meanProfit + entries.length * contest.entryFee;
}

describe('portfolio selection', async () => {
  const run = await simulate({ ...spec, portfolio: [], field }, { threads: 0, keepForSelection: true });

  it('counts each pick at its true marginal payout: own entries compete and split ties', async () => {
    const selection = selectPortfolio(run, { count: 10 });
    expect(selection.chosen).toHaveLength(10);
    expect(new Set(selection.chosen).size).toBe(10);
    expect(selection.expectedPayout).toBeCloseTo(await payoutOf(selection.chosen), 6);
    for (const i of [1, 2, 5]) {
      const gain = (await payoutOf(selection.chosen.slice(0, i + 1))) - (await payoutOf(selection.chosen.slice(0, i)));
      expect(selection.gains[i]).toBeCloseTo(gain, 6);
    }
    // The first pick is the best lineup on its own; later gains never exceed earlier ones by much.
    const best = run.keptMeanPayout!.indexOf(Math.max(...run.keptMeanPayout!));
    expect(selection.chosen[0]).toBe(best);
  });

  it('reads only the first simulations of its run: a run stopped there selects the same, with the same gains', async () => {
    const longer = 4400;
    const first = selectionSimulations(contest, field.count, 0, longer);
    expect(first).toBe(MAX_SELECTION_SIMULATIONS);
    const full = await simulate({ ...spec, simulations: longer, portfolio: [], field }, { threads: 0, keepForSelection: true });
    const stopped = await simulate({ ...spec, simulations: first, portfolio: [], field }, { threads: 0, keepForSelection: true });
    const a = selectPortfolio(full, { count: 10 });
    const b = selectPortfolio(stopped, { count: 10 });
    expect(b.simulations).toBe(first);
    expect(b.chosen).toEqual(a.chosen);
    expect(b.gains).toEqual(a.gains);
    expect(b.expectedPayout).toBe(a.expectedPayout);
  });

  it('selects the same with the same seed whatever the thread count and chunk size, on one field or the run\'s own fields', async () => {
    const alone = selectPortfolio(run, { count: 10 });
    // The run's own fields, each drawn by the thread that plays it: the same fields and figures in any thread.
    const drawn = { ...spec, portfolio: [], userEntries: 10 };
    const inline = await simulate(drawn, { threads: 0, keepForSelection: true });
    expect(inline.fields).toBe(8);
    const ownFields = selectPortfolio(inline, { count: 10 });
    for (const options of [{ threads: 2, chunkSize: 64 }, { threads: 1, chunkSize: 300 }, { threads: 0, chunkSize: 7 }]) {
      const other = await simulate({ ...spec, portfolio: [], field }, { ...options, keepForSelection: true });
      expect(other.keptInMoney).toEqual(run.keptInMoney);
      const selection = selectPortfolio(other, { count: 10 });
      expect(selection.chosen).toEqual(alone.chosen);
      expect(selection.gains).toEqual(alone.gains);
      const otherFields = await simulate(drawn, { ...options, keepForSelection: true });
      expect(otherFields.keptInMoney).toEqual(inline.keptInMoney);
      expect(otherFields.fieldOwnership).toEqual(inline.fieldOwnership);
      expect(otherFields.lineups.map((l) => l.duplicates)).toEqual(inline.lineups.map((l) => l.duplicates));
      const again = selectPortfolio(otherFields, { count: 10 });
      expect(again.chosen).toEqual(ownFields.chosen);
      expect(again.gains).toEqual(ownFields.gains);
    }
    // Another field changes the figures (the fields are drawn, not one shared).
    expect(inline.keptInMoney).not.toEqual(run.keptInMoney);
  });

  it('reads only the first simulations of its own fields too: they span every field, and a longer run begins with them', async () => {
    const drawn = { ...spec, portfolio: [], userEntries: 10 };
    const first = selectionSimulations(contest, 490, 0, 4400);
    const full = await simulate({ ...drawn, simulations: 4400 }, { threads: 0, keepForSelection: true });
    const stopped = await simulate({ ...drawn, simulations: first }, { threads: 0, keepForSelection: true });
    expect(new Set(full.simulationFields.subarray(0, first)).size).toBe(8);
    expect(Array.from(full.simulationFields.subarray(0, first))).toEqual(Array.from(stopped.simulationFields));
    const a = selectPortfolio(full, { count: 10 });
    const b = selectPortfolio(stopped, { count: 10 });
    expect(b.chosen).toEqual(a.chosen);
    expect(b.gains).toEqual(a.gains);
  });

  it('is greedy-optimal at each step: no other lineup would have added more', async () => {
    const selection = selectPortfolio(run, { count: 3 });
    const base = await payoutOf(selection.chosen.slice(0, 2));
    const third = selection.gains[2]!;
    for (const other of [0, 7, 33, 64, 99].filter((l) => !selection.chosen.includes(l))) {
      expect((await payoutOf([...selection.chosen.slice(0, 2), other])) - base).toBeLessThanOrEqual(third + 1e-9);
    }
  });

  it('keeps within exposure limits (max and min) and is reproducible', () => {
    const popular = new Map<number, number>();
    for (const l of pool) for (const o of l) popular.set(o, (popular.get(o) ?? 0) + 1);
    const top = [...popular.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const free = selectPortfolio(run, { count: 12 });
    const holds = (chosen: number[], o: number) => chosen.filter((l) => pool[l]!.includes(o)).length;
    const rare = [...popular.entries()].find(([o, n]) => n >= 4 && holds(free.chosen, o) === 0)![0];
    const limits = [{ options: [top], min: 0, max: 2, label: 'top' }, { options: [rare], min: 3, max: 12, label: 'rare' }];
    const limited = selectPortfolio(run, { count: 12, limits });
    expect(holds(limited.chosen, top)).toBeLessThanOrEqual(2);
    expect(holds(limited.chosen, rare)).toBeGreaterThanOrEqual(3);
    expect(limited.unmet).toEqual([]);
    expect(selectPortfolio(run, { count: 12, limits }).chosen).toEqual(limited.chosen);
  });

  it('keeps a limit over a set of lineups (a lineup property): max and min', () => {
    const free = selectPortfolio(run, { count: 12 });
    const count = (chosen: number[], set: readonly number[]) => chosen.filter((l) => set.includes(l)).length;
    // At most 2 of the lineups the free choice liked most.
    const liked = free.chosen.slice(0, 8);
    const capped = selectPortfolio(run, { count: 12, limits: [{ lineups: liked, min: 0, max: 2, label: 'liked' }] });
    expect(count(capped.chosen, liked)).toBe(2);
    expect(capped.chosen.slice(0, 2)).toEqual(free.chosen.slice(0, 2));
    // At least 5 of the ten lineups worst on their own, which the free choice left out.
    const worst = allLineups().sort((a, b) => run.keptMeanPayout![a]! - run.keptMeanPayout![b]!).filter((l) => !free.chosen.includes(l)).slice(0, 10);
    const forced = selectPortfolio(run, { count: 12, limits: [{ lineups: worst, min: 5, max: 12, label: 'worst' }] });
    expect(count(forced.chosen, worst)).toBe(5);
    expect(forced.unmet).toEqual([]);
    expect(forced.chosen.slice(0, 7)).toEqual(free.chosen.slice(0, 7));
    // Both at once, with a player limit.
    const both = selectPortfolio(run, { count: 12, limits: [{ lineups: liked, min: 0, max: 2 }, { lineups: worst, min: 5, max: 12 }] });
    expect(count(both.chosen, liked)).toBeLessThanOrEqual(2);
    expect(count(both.chosen, worst)).toBeGreaterThanOrEqual(5);
  });

  it('picks as it would without limits when the limits are slack', () => {
    const free = selectPortfolio(run, { count: 12 });
    const slack = selectPortfolio(run, {
      count: 12,
      limits: [
        { lineups: free.chosen, min: 12, max: 12, label: 'met by the best anyway' },
        { lineups: allLineups(), min: 0, max: 12 },
        { options: [pool[free.chosen[0]!]![0]!], min: 1, max: 12 },
      ],
    });
    expect(slack.chosen).toEqual(free.chosen);
    expect(slack.gains).toEqual(free.gains);
    expect(slack.unmet).toEqual([]);
  });

  it('a group of limits (one rule\'s alternatives) needs its largest shortfall; a minimum the pool cannot meet is reported', () => {
    const free = selectPortfolio(run, { count: 12 });
    const others = allLineups().filter((l) => !free.chosen.includes(l));
    const a = others.filter((_, i) => i % 2 === 0).slice(0, 12);
    const b = others.filter((_, i) => i % 2 === 1).slice(0, 12);
    // a and b cannot share a lineup: 4 of a and 4 of b need 8 lineups, which the union's row says.
    const limits = [
      { lineups: a, min: 4, max: 12, label: 'a', group: 'rule' },
      { lineups: b, min: 4, max: 12, label: 'b', group: 'rule' },
      { lineups: [...a, ...b], min: 8, max: 12, label: 'a or b', group: 'rule' },
    ];
    const selection = selectPortfolio(run, { count: 12, limits });
    expect(selection.chosen.filter((l) => a.includes(l)).length).toBeGreaterThanOrEqual(4);
    expect(selection.chosen.filter((l) => b.includes(l)).length).toBeGreaterThanOrEqual(4);
    expect(selection.unmet).toEqual([]);
    const short = selectPortfolio(run, { count: 12, limits: [{ lineups: [others[0]!, others[1]!], min: 3, max: 12, label: 'three of two' }] });
    expect(short.unmet).toEqual(['three of two']);
    expect(short.chosen).toEqual(expect.arrayContaining([others[0], others[1]]));
  });

  it('says when it cannot: too few lineups, limits that leave too few, no kept simulations', async () => {
    expect(() => selectPortfolio(run, { count: 500 })).toThrow(refusal('selection-too-few-lineups', { unique: 120, count: 500 }));
    expect(() => selectPortfolio(run, { count: 0 })).toThrow(refusal('selection-count', {}));
    const everyQb = [...new Set(pool.map((l) => l[0]!))];
    expect(() => selectPortfolio(run, { count: 5, limits: [{ options: everyQb, min: 0, max: 2 }] })).toThrow(refusal('selection-exposure-limits', { fitted: 2, count: 5 }));
    const plain = await simulate({ ...spec, portfolio: [], field, simulations: 10 }, { threads: 0 });
    expect(() => selectPortfolio(plain, { count: 1 })).toThrow(SelectionError);
    expect(() => selectPortfolio(plain, { count: 1 })).toThrow(refusal('selection-not-kept', {}));
  });
});
