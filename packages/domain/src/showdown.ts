// Showdown players after a fetch (docs/api.md): the server lists each
// player once per roster position; the client makes the Id 'Id|RosterPosition' and scales the
// captain's ProjPts and Ceiling by the captain multiplier. This is the one place that does it.
import { CAPTAIN_POINTS_MULTIPLIER, getRoster, type Site, type Sport } from './roster.js';

/** Separator of a showdown Id: 'Id|RosterPosition'. */
export const SHOWDOWN_ID_SEPARATOR = '|';

/** Roster position labels that mean "captain" on some site (dk CPT, fd MVP, ya SUPERSTAR). */
export const CAPTAIN_ROSTER_POSITIONS: readonly string[] = ['CPT', 'MVP', 'SUPERSTAR', 'STUD'];

export function isCaptainRosterPosition(rosterPosition: string | null | undefined): boolean {
  if (!rosterPosition) return false;
  const upper = rosterPosition.trim().toUpperCase();
  return CAPTAIN_ROSTER_POSITIONS.some((label) => upper === label || upper.startsWith(`${label} `));
}

/** 'Id|RosterPosition' for a showdown row; an Id that already holds the separator is kept. */
export function showdownId(id: string, rosterPosition: string | null | undefined): string {
  if (id.includes(SHOWDOWN_ID_SEPARATOR) || !rosterPosition) return id;
  return `${id}${SHOWDOWN_ID_SEPARATOR}${rosterPosition}`;
}

/** The site's own Id of a player: a showdown 'Id|RosterPosition' written as the bare Id. */
export function siteId(id: string): string {
  const bar = id.indexOf(SHOWDOWN_ID_SEPARATOR);
  return bar >= 0 ? id.slice(0, bar) : id;
}

interface ShowdownRow {
  Id: string;
  RosterPosition?: string | null;
  ProjPts?: number | null;
  Ceiling?: number | null;
  HouseProjPts?: number | null;
}

/**
 * Captain rows with their points × the captain multiplier (ProjPts, Ceiling and a stored house
 * projection); flex and unlabelled rows as they are. Every reader, stored slate and projection
 * keeps each row's own, unscaled points; this is the one place that multiplies a labelled
 * captain row, where rows become the builder's rows (the page after a fetch, the CLI after
 * reading), and the optimizer's pool takes labelled rows as they come. Not idempotent: call it
 * once per set of rows.
 */
export function withCaptainPoints<P extends Omit<ShowdownRow, 'Id'>>(players: readonly P[]): P[] {
  return players.map((player) => {
    if (!isCaptainRosterPosition(player.RosterPosition)) return player;
    const scale = (value: number | null | undefined) =>
      typeof value === 'number' ? value * CAPTAIN_POINTS_MULTIPLIER : value;
    const next: P = { ...player };
    if (player.ProjPts !== undefined) next.ProjPts = scale(player.ProjPts);
    if (player.Ceiling !== undefined) next.Ceiling = scale(player.Ceiling);
    if (typeof player.HouseProjPts === 'number') next.HouseProjPts = scale(player.HouseProjPts);
    return next;
  });
}

/**
 * Showdown rows as the builder uses them: Id 'Id|RosterPosition'; captain rows have ProjPts,
 * Ceiling (and a stored house projection) × 1.5 (withCaptainPoints). Rows whose Id already
 * carries the separator were transformed before and are returned as they are, so applying it
 * twice is harmless.
 */
export function showdownPlayers<P extends ShowdownRow>(players: readonly P[]): P[] {
  return players.map((player) => {
    if (player.Id.includes(SHOWDOWN_ID_SEPARATOR) || !player.RosterPosition) return player;
    return withCaptainPoints([{ ...player, Id: showdownId(player.Id, player.RosterPosition) }])[0]!;
  });
}

/** The players of a fetch as the builder uses them: showdown rows transformed, classic as they are. */
export function playersForContest<P extends ShowdownRow>(
  sport: Sport, site: Site, contestType: 'classic' | 'showdown', players: readonly P[],
): P[] {
  // getRoster throws for a roster that does not exist, which is a programming error here.
  getRoster(sport, site, contestType);
  return contestType === 'showdown' ? showdownPlayers(players) : players.slice();
}

/**
 * Custom-input rows of a showdown slate name players by their site Id; each such row applies to
 * every roster position of the player ('Id|CPT', 'Id|FLEX'). A row gives the player's own
 * projection, so the captain's is scaled by withCaptainPoints, as the fetched rows were. Rows
 * that already name 'Id|RosterPosition' are kept as they are (the value of that row as shown).
 */
export function showdownCustomInputUpdates<U extends { Id: string; ProjPts?: number }>(
  updates: readonly U[],
  players: readonly { Id: string; RosterPosition?: string | null }[],
): U[] {
  const rowsBySiteId = new Map<string, { Id: string; RosterPosition?: string | null }[]>();
  for (const player of players) {
    const key = siteId(player.Id);
    rowsBySiteId.set(key, [...(rowsBySiteId.get(key) ?? []), player]);
  }
  return updates.flatMap((update) => {
    if (update.Id.includes(SHOWDOWN_ID_SEPARATOR)) return [update];
    const rows = rowsBySiteId.get(update.Id) ?? [];
    if (rows.length === 0) return [update];
    return rows.map((row) => {
      const { RosterPosition: _label, ...scaled } = withCaptainPoints([{ ...update, RosterPosition: row.RosterPosition }])[0]!;
      return { ...update, ...scaled, Id: row.Id };
    });
  });
}
