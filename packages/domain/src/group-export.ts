// The group export (only active groups are exported): one row per player of each active group, with the group's bounds and whether
// the player is one of the group's anchors (KeyPlayer).
import { writeCsv } from './csv.js';
import { anchorPlayerIds, toNumber } from './send.js';
import type { PlayerGroup } from './stacks.js';

export const GROUP_EXPORT_COLUMNS = ['Id', 'Name', 'Team', 'Group', 'minGroup', 'maxGroup', 'Pct', 'KeyPlayer'] as const;

export interface GroupExportRow {
  Id: string;
  Name: string;
  Team: string;
  Group: string;
  minGroup: number;
  maxGroup: number;
  /** Share of the lineups in percent. */
  Pct: number;
  KeyPlayer: boolean;
}

export function groupExportRows(
  groups: readonly PlayerGroup[],
  players: readonly { Id: string | number; Name: string; TeamAbbrev: string }[],
): GroupExportRow[] {
  const byId = new Map(players.map((p) => [String(p.Id), p]));
  return groups.filter((g) => g.active === true).flatMap((g, index) => {
    const ids = g.players.map((p) => String(typeof p === 'object' && p !== null ? p.Id : p));
    const anchors = new Set(anchorPlayerIds(g.anchorPlayerID).map(String));
    const pct = toNumber(g.pctGroup, 1);
    return ids.map((id) => ({
      Id: id,
      Name: byId.get(id)?.Name ?? '',
      Team: byId.get(id)?.TeamAbbrev ?? '',
      Group: g.name ?? `Group ${index + 1}`,
      minGroup: toNumber(g.minGroup, 0),
      maxGroup: toNumber(g.maxGroup, ids.length),
      Pct: Math.round((pct > 1 ? pct : pct * 100) * 100) / 100,
      KeyPlayer: anchors.has(id),
    }));
  });
}

/** The groups export file (GROUP_EXPORT_COLUMNS, one row per player of each active group). */
export function groupsCsv(rows: readonly GroupExportRow[]): string {
  return writeCsv(GROUP_EXPORT_COLUMNS, rows.map((r) => GROUP_EXPORT_COLUMNS.map((c) => r[c])));
}
