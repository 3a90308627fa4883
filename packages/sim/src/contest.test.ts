import { describe, expect, it } from 'vitest';
import { refusal } from '../test-support/refusal.js';
import { CONTEST_TEMPLATES, contestFromPayouts, contestFromTemplate, ContestError, parsePayoutCsv, prizePrefix, splitPrize } from './contest.js';

const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);

describe('payout templates', () => {
  it.each(CONTEST_TEMPLATES)('%s: pays out the pool after rake, prizes never rise with the place', (template) => {
    const c = contestFromTemplate(template, { fieldSize: 10_000, entryFee: 20 });
    const pool = 10_000 * 20 * 0.85;
    expect(sum(c.payouts)).toBeLessThanOrEqual(pool + 0.01 * c.payouts.length);
    expect(sum(c.payouts)).toBeGreaterThan(pool * 0.97);
    for (let r = 1; r < c.payouts.length; r++) expect(c.payouts[r]!).toBeLessThanOrEqual(c.payouts[r - 1]!);
    expect(c.payouts.length).toBeLessThan(c.fieldSize);
  });

  it('shapes each kind as players know it', () => {
    const gpp = contestFromTemplate('gpp', { fieldSize: 10_000, entryFee: 20 });
    expect(gpp.payouts.length).toBe(2200);
    expect(gpp.payouts[0]).toBeCloseTo(17_000, 0); // 10 % of the pool
    expect(gpp.payouts.at(-1)).toBeCloseTo(40, 0); // a min-cash of two fees
    expect(gpp.maxEntriesPerUser).toBe(150);
    const fifty = contestFromTemplate('fifty-fifty', { fieldSize: 100, entryFee: 10 });
    expect(fifty.payouts).toHaveLength(50);
    expect(fifty.payouts[0]).toBe(17);
    const double = contestFromTemplate('double-up', { fieldSize: 100, entryFee: 10 });
    expect(double.payouts).toHaveLength(42);
    expect(new Set(double.payouts)).toEqual(new Set([20]));
    expect(contestFromTemplate('single-entry', { fieldSize: 500, entryFee: 5 }).maxEntriesPerUser).toBe(1);
  });

  it('refuses sizes and fees that make no contest', () => {
    expect(() => contestFromTemplate('gpp', { fieldSize: 1, entryFee: 5 })).toThrow(ContestError);
    expect(() => contestFromTemplate('gpp', { fieldSize: 100, entryFee: 0 })).toThrow(refusal('contest-entry-fee', {}));
  });
});

describe('payout CSV', () => {
  it('reads places, ranges and money as sites write them', () => {
    const text = 'Place,Payout\n1st,"$1,000.00"\n2nd,$500\n3 - 5,100\n6-10,$20.50\n';
    expect(parsePayoutCsv(text)).toEqual([1000, 500, 100, 100, 100, 20.5, 20.5, 20.5, 20.5, 20.5]);
    expect(parsePayoutCsv('1,10\n2,5')).toEqual([10, 5]);
    expect(parsePayoutCsv('Prize,Rank\n10,1\n4,2-3')).toEqual([10, 4, 4]);
  });

  it('names the row that is wrong, as a code and params', () => {
    expect(() => parsePayoutCsv('Place,Payout\n1,100\n3,50')).toThrow(refusal('payout-place-gap', { row: 2, place: 3, expected: 2 }));
    expect(() => parsePayoutCsv('Place,Payout\n1,abc')).toThrow(refusal('payout-not-an-amount', { row: 1, raw: 'abc' }));
    expect(() => parsePayoutCsv('Place,Payout\nfirst,10')).toThrow(refusal('payout-not-a-place', { row: 1, raw: 'first' }));
    expect(() => parsePayoutCsv('Place,Payout\n1,10\n3-2,5')).toThrow(refusal('payout-places-out-of-order', { row: 2, from: 3, to: 2 }));
    expect(() => parsePayoutCsv('1,10\n2,20')).toThrow(refusal('payout-rises', { place: 2 }));
    expect(() => parsePayoutCsv('')).toThrow(refusal('payout-table-empty', {}));
    expect(() => contestFromPayouts('x', [10, 5, 1], { fieldSize: 2, entryFee: 1 })).toThrow(refusal('payout-more-places-than-field', { places: 3, fieldSize: 2 }));
  });
});

describe('prize splitting', () => {
  const prefix = prizePrefix([100, 50, 20, 10]);

  it('pays a place alone its prize and nothing past the paid places', () => {
    expect(splitPrize(prefix, 0, 1)).toBe(100);
    expect(splitPrize(prefix, 3, 1)).toBe(10);
    expect(splitPrize(prefix, 4, 1)).toBe(0);
  });

  it('splits the prizes of the places tied entries cover equally', () => {
    expect(splitPrize(prefix, 0, 2)).toBe(75);
    expect(splitPrize(prefix, 1, 3)).toBeCloseTo(80 / 3, 12);
    // A tie across the last paid place shares its prize with the unpaid ones.
    expect(splitPrize(prefix, 3, 4)).toBe(2.5);
  });
});
