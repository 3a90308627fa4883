// The clear rows of a showdown slate: stored rows hold each row's own points, and the page's
// first order counts a captain 1.5 times his row's points (once, not twice, not never).
import { GATED_CLEAR_ROWS } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { gatePlayerRows } from './gating.js';

const row = (Id: string, RosterPosition: string, ProjPts: number) => ({ Id, RosterPosition, ProjPts, Ceiling: ProjPts * 2 });
const clearIds = (rows: Record<string, unknown>[]) => rows.filter((r) => 'ProjPts' in r).map((r) => r.Id).sort();

describe('gating a showdown slate for a visitor', () => {
  it('counts a captain once: 10 own points (15) stay below three flex rows of 16 to 21', () => {
    expect(GATED_CLEAR_ROWS).toBe(3);
    const rows = [row('cpt', 'CPT', 10), row('b', 'FLEX', 21), row('c', 'FLEX', 20), row('d', 'FLEX', 16)];
    // Counted twice (22.5) the captain would lead the table.
    expect(clearIds(gatePlayerRows(rows, null))).toEqual(['b', 'c', 'd']);
  });

  it('counts a captain at all: 12 own points (18) pass a flex row of 17', () => {
    const rows = [row('cpt', 'CPT', 12), row('b', 'FLEX', 20), row('c', 'FLEX', 17), row('d', 'FLEX', 16)];
    expect(clearIds(gatePlayerRows(rows, null))).toEqual(['b', 'c', 'cpt']);
  });

  it('leaves the rows as they were stored: the clear captain keeps his own points', () => {
    const rows = [row('cpt', 'MVP - 1.5X Points', 12), row('b', 'FLEX', 20), row('c', 'FLEX', 17), row('d', 'FLEX', 16)];
    expect(gatePlayerRows(rows, null).find((r) => r.Id === 'cpt')).toEqual(rows[0]);
  });
});
