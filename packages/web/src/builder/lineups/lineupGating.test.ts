// A lineup's totals over players whose values the plan withholds are stand-ins, not sums of zeros.
import { describe, expect, it } from 'vitest';
import type { BuiltLineup, LineupRow } from '@stacksmith/domain';
import { lineupTableRows } from './LineupsTable';

const row = (Id: string, extra: Partial<LineupRow> = {}) => ({ Id, Name: Id, Position: 'WR', TeamAbbrev: 'KC', Salary: 5000, Run: 1, Slot: 'WR', ...extra }) as LineupRow;
const lineup = (rows: LineupRow[]): BuiltLineup => ({ rawTable: rows, lineupHash: rows.map((r) => r.Id).join('-'), saved: false });

describe('lineup totals under gating', () => {
  // As the socket answers a Free user: the clear rows with values, the others as sent (no ProjPts, ProjOwn 0).
  const gated = lineup([row('a', { ProjPts: 20, ProjOwn: 10, HouseOwn: 10 }), row('b', { DKPts: 0, ProjOwn: 0 } as Partial<LineupRow>)]);
  const clear = lineup([row('c', { ProjPts: 20, ProjOwn: 10, HouseOwn: 10 }), row('d', { UserProj: 5, ProjPts: 5, UserOwn: 3, ProjOwn: 3 } as Partial<LineupRow>)]);
  const none = new Set<string>();

  it('withholds points and ownership of a lineup holding a withheld player, without the permissions', () => {
    const [g, c] = lineupTableRows([gated, clear], none, none, { points: false, ownership: false });
    expect(g).toMatchObject({ pointsWithheld: true, ownershipWithheld: true });
    expect(c).toMatchObject({ pointsWithheld: false, ownershipWithheld: false, points: 25, ownership: 13 });
  });

  it('shows every total with the permissions', () => {
    const [g] = lineupTableRows([gated], none, none, { points: true, ownership: true });
    expect(g).toMatchObject({ pointsWithheld: false, ownershipWithheld: false });
  });
});
