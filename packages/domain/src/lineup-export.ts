// Lineups as the site's upload CSV: the roster's upload header, then one
// lineup per row with the site's player Ids in slot order. Used by the web app's export button;
// the server streams lineups whose rows carry Run and Slot (docs/api.md).
import { writeCsv } from './csv.js';
import { coded, CodedError } from './messages.js';
import { rosterKey, type RosterSpec } from './roster.js';
import { siteId } from './showdown.js';

/** One player row of a built lineup as the build stream sends it. */
export interface LineupRow {
  Id: string;
  Name: string;
  Position: string;
  TeamAbbrev: string;
  Salary: number;
  ProjPts: number;
  ProjOwn: number;
  /** 1-based lineup number. */
  Run: number;
  /** The upload-header slot label the player fills. */
  Slot: string;
  RosterPosition?: string;
  /** A late swap kept the player in his slot: his game had started. */
  Locked?: boolean;
  [key: string]: unknown;
}

export interface BuiltLineup {
  rawTable: LineupRow[];
  lineupHash: string;
  saved: boolean;
}

/** lineupHash: the sorted player Ids joined by '-'. */
export function lineupHash(rows: readonly Pick<LineupRow, 'Id'>[]): string {
  return rows.map((r) => r.Id).sort().join('-');
}

/**
 * Site Ids of one lineup in the roster's slot order, slots matched by their labels. The one
 * place a lineup becomes an upload row (the web app's export, the CLI, entries files): a lineup
 * that does not fill the roster is refused with its number, never written in some other order.
 */
export function slotOrderedUploadIds(slots: readonly { slot: string; id: string }[], roster: RosterSpec, index = 0): string[] {
  if (slots.length !== roster.slots.length) {
    throw new CodedError(coded('export-lineup-size', { lineup: index + 1, players: slots.length, roster: rosterKey(roster), slots: roster.slots.length }));
  }
  const used = new Set<number>();
  return roster.slots.map((slot, s) => {
    // Slots normally come in roster order; otherwise take the first unused slot of that label.
    const at = slots[s]?.slot === slot.label && !used.has(s) ? s : slots.findIndex((row, i) => !used.has(i) && row.slot === slot.label);
    if (at < 0) throw new CodedError(coded('export-lineup-no-slot', { lineup: index + 1, slot: slot.label, roster: rosterKey(roster) }));
    used.add(at);
    return siteId(slots[at]!.id);
  });
}

/** Site Ids of one built lineup (rows of the build stream, each with its Slot) in the roster's slot order. */
export function lineupUploadIds(rows: readonly LineupRow[], roster: RosterSpec, index = 0): string[] {
  return slotOrderedUploadIds(rows.map((row) => ({ slot: row.Slot, id: row.Id })), roster, index);
}

/** The site's upload CSV of the lineups ('\n' line ends, trailing newline). */
export function lineupsUploadCsv(lineups: readonly Pick<BuiltLineup, 'rawTable'>[], roster: RosterSpec): string {
  return writeCsv(roster.uploadHeader, lineups.map((lineup, i) => lineupUploadIds(lineup.rawTable, roster, i)));
}

/** Summed salary, projection and ownership of a lineup. */
export function lineupTotals(rows: readonly Pick<LineupRow, 'Salary' | 'ProjPts' | 'ProjOwn'>[]): {
  salary: number; points: number; ownership: number;
} {
  return rows.reduce(
    (sum, r) => ({
      salary: sum.salary + (Number(r.Salary) || 0),
      points: sum.points + (Number(r.ProjPts) || 0),
      ownership: sum.ownership + (Number(r.ProjOwn) || 0),
    }),
    { salary: 0, points: 0, ownership: 0 },
  );
}

/** Actual exposure per player Id over the lineups, in percent, with the number of lineups holding the player. */
export function lineupExposures(lineups: readonly Pick<BuiltLineup, 'rawTable'>[]): Map<string, { count: number; exp: number }> {
  const counts = new Map<string, number>();
  for (const lineup of lineups) {
    for (const id of new Set(lineup.rawTable.map((r) => r.Id))) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const total = lineups.length;
  return new Map([...counts].map(([id, count]) => [id, { count, exp: total > 0 ? (count * 100) / total : 0 }]));
}

/** Lineups after a replace step: the rows of run `run` become `replacement` (a rebuild of one run replaces only that run's lineups). */
export function replaceLineupRun<L extends BuiltLineup>(lineups: readonly L[], run: number, replacement: L): L[] {
  return lineups.map((lineup, index) => {
    const lineupRun = lineup.rawTable[0]?.Run ?? index + 1;
    if (lineupRun !== run) return lineup;
    return { ...replacement, rawTable: replacement.rawTable.map((row) => ({ ...row, Run: run })) };
  });
}
