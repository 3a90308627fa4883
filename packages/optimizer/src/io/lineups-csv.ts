// Lineups out: the site's upload CSV, one lineup per row, player Ids in slot order.
import Papa from 'papaparse';
import { rosterKey, siteId, type RosterSpec } from '@stacksmith/domain';
import type { Lineup } from '../types.js';

/** The Id a site knows a player by: a showdown 'Id|RosterPosition' is written as the bare Id. */
export function uploadId(id: string): string {
  return siteId(id);
}

/** Player Ids of a lineup in the roster's slot order (slots matched by their labels). */
export function lineupUploadRow(lineup: Lineup, roster: RosterSpec, index = 0): string[] {
  if (lineup.slots.length !== roster.slots.length) {
    throw new Error(`lineup ${index + 1} has ${lineup.slots.length} players, a ${rosterKey(roster)} roster has ${roster.slots.length}`);
  }
  const used = new Set<number>();
  return roster.slots.map((slot, s) => {
    // Slots normally come in roster order; otherwise take the first unused slot of that label.
    const at = lineup.slots[s]?.slot === slot.label && !used.has(s)
      ? s
      : lineup.slots.findIndex((ls, i) => !used.has(i) && ls.slot === slot.label);
    if (at < 0) throw new Error(`lineup ${index + 1} has no player for slot ${slot.label} of ${rosterKey(roster)}`);
    used.add(at);
    return uploadId(lineup.slots[at]!.player.Id);
  });
}

/** The site's upload CSV: the roster's upload header, then one lineup per row ('\n' line ends). */
export function lineupsToUploadCsv(lineups: Lineup[], roster: RosterSpec): string {
  const data = lineups.map((lineup, i) => lineupUploadRow(lineup, roster, i));
  return `${Papa.unparse([[...roster.uploadHeader], ...data], { newline: '\n' })}\n`;
}
