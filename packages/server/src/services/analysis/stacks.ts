// Stack shapes of a week's contest (the /analysis/nfl/{site}/Main/stacks page): how large the
// quarterback stack of each entry was (teammates, DST/DEF excluded) and whether it had a
// bring-back, as shares of each finish bucket.
import { bucketed, finishBucket, perBucket, roundTo, type FinishBucket } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { positionOf, winners } from '../analysis.js';

export const STACK_SIZES = ['QB alone', 'QB+1', 'QB+2', 'QB+3 or more'] as const;

export type StackShareRow = { Stack: string; All: number } & Record<FinishBucket, number>;

/** Percent of entries (per finish bucket and overall) by QB stack size, plus a bring-back row. */
export async function stackShares(db: Kysely<Database>, season: number, week: number, site: string): Promise<{ entries: number; rows: StackShareRow[] }> {
  const entries = await winners(db, { season, counter: String(week), site });
  const shaped = entries.flatMap((entry) => {
    const qb = entry.entries.find((e) => positionOf(e) === 'QB');
    if (!qb) return [];
    const size = entry.entries.filter((e) => e !== qb && e.TeamAbbrev === qb.TeamAbbrev && positionOf(e) !== 'DST').length;
    const bringBack = entry.entries.some((e) => e.TeamAbbrev === qb.Opp && positionOf(e) !== 'DST' && positionOf(e) !== 'QB');
    return [{ size: Math.min(size, 3), bringBack, bucket: finishBucket(entry.rank, entry.cash_line) }];
  });
  const pct = (part: number, whole: number) => (whole === 0 ? 0 : roundTo((part / whole) * 100, 2));
  const inBucket = bucketed(shaped);
  const row = (label: string, test: (s: (typeof shaped)[number]) => boolean): StackShareRow => {
    const share = (b: FinishBucket) => pct(inBucket[b].filter(test).length, inBucket[b].length);
    return { Stack: label, All: pct(shaped.filter(test).length, shaped.length), ...perBucket(share) };
  };
  return {
    entries: shaped.length,
    rows: [...STACK_SIZES.map((label, size) => row(label, (s) => s.size === size)), row('With bring-back', (s) => s.bringBack)],
  };
}
