// Projections from another source (a user's own CSV) onto a slate's players: the optimizer's
// reader and matcher (by Id, else name + team + position), answered as the builder's match
// report: every row in one of matched, ambiguous or unmatched, with its line and values.
import { coded, reasonOnWire } from '@stacksmith/domain';
import { InputError, matchProjections, readProjectionRows, type ProjectionRow } from '@stacksmith/optimizer';
import { badRequest } from '../http-errors.js';
import type { PlayerData } from './slates.js';


function rowOf(row: ProjectionRow) {
  return {
    line: row.line, name: row.name, ...(row.id ? { id: row.id } : {}), ...(row.team ? { team: row.team } : {}),
    ...(row.position ? { position: row.position } : {}), ...row.values,
  };
}

export function projectionMatchReport(csv: string, fileName: string, players: readonly PlayerData[]) {
  let rows: ProjectionRow[];
  try {
    rows = readProjectionRows(csv, fileName);
  } catch (error) {
    if (error instanceof InputError) throw badRequest(error.coded);
    throw error;
  }
  const report = matchProjections(rows, players.map((p) => ({
    Id: String(p.Id), Name: String(p.Name ?? ''), TeamAbbrev: String(p.TeamAbbrev ?? ''), Position: String(p.Position ?? ''),
    RosterPosition: typeof p.RosterPosition === 'string' ? p.RosterPosition : null,
  })));
  return {
    matched: report.matched.map((m) => ({ ...rowOf(m.row), playerId: m.playerId, playerName: m.playerName, by: m.by })),
    ambiguous: report.ambiguous.map((a) => ({ ...rowOf(a.row), candidates: a.candidates, candidateCount: a.candidateCount, ...reasonOnWire(coded('projection-ambiguous', {})) })),
    unmatched: report.unmatched.map((u) => ({ ...rowOf(u.row), ...reasonOnWire(u.reason) })),
  };
}
