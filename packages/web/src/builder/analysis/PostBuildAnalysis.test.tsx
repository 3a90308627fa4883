import { describe, expect, it } from 'vitest';
import type { BuiltLineup, LineupRow, PlayerRow } from '@stacksmith/domain';
import { breakdownRows } from './PostBuildAnalysis';

const row = (Id: string, ProjOwn: number): LineupRow => ({ Id, Name: `N${Id}`, Position: 'WR', TeamAbbrev: 'KC', Salary: 5000, ProjPts: 10, ProjOwn, Run: 1, Slot: 'WR' });
const lineup = (rows: LineupRow[]): BuiltLineup => ({ rawTable: rows, lineupHash: rows.map((r) => r.Id).sort().join('-'), saved: false });

describe('post-build breakdown rows', () => {
  it('counts exposure per player and takes ownership from the player pool first', () => {
    const lineups = [lineup([row('a', 10), row('b', 40)]), lineup([row('a', 10)]), lineup([row('a', 10), row('c', 5)]), lineup([row('b', 40)])];
    const pool = [{ Id: 'a', Name: 'Alpha', Position: 'WR', TeamAbbrev: 'KC', Opp: 'BUF', Salary: 5000, ProjPts: 10, ProjOwn: 12.5, MinExp: 0, MaxExp: 100 }] as PlayerRow[];
    const rows = breakdownRows(lineups, pool);
    // a: 3 of 4 lineups = 75 %, own 12.5 from the pool → leverage 62.5; b: 50 % vs 40 → 10; c: 25 % vs 5 → 20.
    expect(rows.map((r) => [r.Id, r.Name, r.Count, r.Exp, r.ProjOwn, r.Leverage])).toEqual([
      ['a', 'Alpha', 3, 75, 12.5, 62.5], ['b', 'Nb', 2, 50, 40, 10], ['c', 'Nc', 1, 25, 5, 20],
    ]);
  });
});
