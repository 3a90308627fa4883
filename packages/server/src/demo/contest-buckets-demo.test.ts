// The post-build Lineup Comparison on the demo data: the demo contest's entries fill every
// finish bucket (places 1-5, 6-50, the other cashed places, lost), and the buckets split the entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestLineupSchema, FINISH_BUCKETS, finishBucket, type ContestLineupEntry } from '@stacksmith/domain';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

describe.each(DB_KINDS)('the demo contest results by finish (%s)', (kind) => {
  let t: TestApp;
  let entries: { rank: number; fieldSize: number; cashLine: number; lineup: ContestLineupEntry[] }[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await t.db.kysely.selectFrom('contest_results').select(['rank', 'field_size', 'cash_line', 'lineup'])
      .where('sport', '=', 'nfl').where('site', '=', 'dk').where('season', '=', 2023).where('counter', '=', '1').execute();
    entries = rows.map((r) => ({ rank: r.rank, fieldSize: r.field_size, cashLine: r.cash_line, lineup: contestLineupSchema.parse(JSON.parse(r.lineup)) }));
  });
  afterAll(async () => t.close());

  const bucketOf = (e: (typeof entries)[number]) => finishBucket(e.rank, e.cashLine);

  it('has entries in every bucket, each entry in exactly one, the buckets in rank order', () => {
    expect(entries.length).toBeGreaterThan(0);
    const ranksBy = FINISH_BUCKETS.map((b) => entries.filter((e) => bucketOf(e) === b).map((e) => e.rank));
    for (const ranks of ranksBy) expect(ranks.length).toBeGreaterThan(0);
    expect(ranksBy.reduce((a, r) => a + r.length, 0)).toBe(entries.length);
    // Disjoint rank ranges: every rank of a bucket is better than every rank of the next one.
    for (let i = 1; i < ranksBy.length; i++) expect(Math.max(...ranksBy[i - 1]!)).toBeLessThan(Math.min(...ranksBy[i]!));
    const { fieldSize, cashLine } = entries[0]!;
    // Places, not shares of the field: five winners, 45 more in the top 50, a GPP's cash line.
    expect(ranksBy[0]!.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(ranksBy[1]!.length).toBe(45);
    expect(Math.max(...ranksBy[1]!)).toBe(50);
    expect(cashLine).toBeLessThan(fieldSize / 2);
    expect(Math.min(...ranksBy[2]!)).toBeGreaterThan(50);
    expect(Math.max(...ranksBy[2]!)).toBeLessThanOrEqual(cashLine);
    expect(Math.min(...ranksBy[3]!)).toBeGreaterThan(cashLine);
  });

  it('fills the Lineup Comparison\'s Cashed column with the share of that bucket\'s entries', async () => {
    const admin = (await signUp(t.app, `buckets-${kind}@example.com`)).headers;
    await t.app.users.setAdmin(`buckets-${kind}@example.com`, true);
    const mine = [{ rawTable: entries[0]!.lineup, lineupHash: 'mine' }];
    const res = await t.app.inject({ method: 'POST', url: '/api/nfl/summary-data/2023/1', headers: admin, payload: { lineups: mine, site: 'dk' } });
    expect(res.statusCode).toBe(200);
    const row = (res.json().lineup_comparison as Record<string, number | string>[]).find((r) => r.Metric === 'RB in FLEX')!;
    // Recomputed from the stored entries: the share of each bucket's entries with a running back at FLEX.
    const rbInFlex = (e: (typeof entries)[number]) => e.lineup.find((p) => p.RosterPosition === 'FLEX')?.Position === 'RB';
    const shares = FINISH_BUCKETS.map((bucket) => {
      const inBucket = entries.filter((e) => bucketOf(e) === bucket);
      return inBucket.filter(rbInFlex).length / inBucket.length;
    });
    FINISH_BUCKETS.forEach((bucket, i) => expect(row[bucket]).toBeCloseTo(shares[i]!, 4));
  });
});
