// Lineups out: the site's upload CSV, one lineup per row, player Ids in slot order (the
// domain's one upload writer, fed the optimizer's lineups).
import { siteId, slotOrderedUploadIds, writeCsv, type RosterSpec } from '@stacksmith/domain';
import type { Lineup } from '../types.js';

/** The Id a site knows a player by: a showdown 'Id|RosterPosition' is written as the bare Id. */
export const uploadId = siteId;

/** Player Ids of a lineup in the roster's slot order (slots matched by their labels). */
export function lineupUploadRow(lineup: Lineup, roster: RosterSpec, index = 0): string[] {
  return slotOrderedUploadIds(lineup.slots.map((s) => ({ slot: s.slot, id: s.player.Id })), roster, index);
}

/** The site's upload CSV: the roster's upload header, then one lineup per row ('\n' line ends). */
export function lineupsToUploadCsv(lineups: Lineup[], roster: RosterSpec): string {
  return writeCsv(roster.uploadHeader, lineups.map((lineup, i) => lineupUploadRow(lineup, roster, i)));
}
