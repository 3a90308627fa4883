// Server-side gating: values a plan does not include never leave the server.
// Without opt.nfl.projections a player's points and ceiling are withheld, without
// opt.nfl.ownership his ownership, except on the first rows the page leaves clear (the top
// GATED_CLEAR_ROWS rows by projected points, the players table's default order). The page
// shows a blurred stand-in wherever a value is absent.
import { GATED_CLEAR_ROWS, nflContestTypeForCounter, withCaptainPoints, type PermissionKey } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { rememberRowAsSent, rowAsSent } from './rows-as-sent.js';
import { findSlate, slatePlayers } from './slates.js';
import type { AuthUser } from './users.js';
import { userHasPermission } from '../plugins/subscriptions.js';

/** The player fields each permission unlocks (Value and GPP Value are computed from ProjPts in the page). */
export const GATED_PLAYER_FIELDS: Readonly<Partial<Record<PermissionKey, readonly string[]>>> = {
  'opt.nfl.projections': ['ProjPts', 'HouseProjPts', 'DKPts', 'Ceiling'],
  'opt.nfl.ownership': ['ProjOwn', 'HouseOwn'],
};

/**
 * A stored row's points as the players table first sorts them: the stored row holds its own
 * points, and the page scales a showdown captain's with withCaptainPoints, so the order does too.
 */
const tablePoints = (p: Record<string, unknown>) =>
  Number(withCaptainPoints([{ ProjPts: Number(p.ProjPts ?? 0), RosterPosition: p.RosterPosition as string | null | undefined }])[0]!.ProjPts);

/** The fields the user may not receive (empty when every gated field is granted). */
export function withheldPlayerFields(user: AuthUser | null): string[] {
  return Object.entries(GATED_PLAYER_FIELDS).filter(([key]) => !userHasPermission(user, key as PermissionKey)).flatMap(([, fields]) => fields ?? []);
}

/** The rows as the user may see them: withheld fields removed from all but the clear rows. */
export function gatePlayerRows<T extends Record<string, unknown>>(rows: readonly T[], user: AuthUser | null, clearRows = GATED_CLEAR_ROWS): T[] {
  const withheld = withheldPlayerFields(user);
  if (withheld.length === 0) return [...rows];
  const clear = new Set([...rows].sort((a, b) => tablePoints(b) - tablePoints(a)).slice(0, clearRows));
  return rows.map((row) => {
    if (clear.has(row)) return row;
    const out: Record<string, unknown> = { ...row };
    for (const field of withheld) delete out[field];
    return out as T;
  });
}

/** Props rows: projected ownership only with opt.nfl.ownership, the first clear rows of each market excepted. */
export function gatePropRows<T extends { market: string; projOwn: number | null }>(rows: readonly T[], user: AuthUser | null, clearRows = GATED_CLEAR_ROWS): T[] {
  if (userHasPermission(user, 'opt.nfl.ownership')) return [...rows];
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const index = seen.get(row.market) ?? 0;
    seen.set(row.market, index + 1);
    if (index < clearRows) return row;
    const { projOwn: _withheld, ...rest } = row;
    return rest as T;
  });
}

const absent = (v: unknown) => v === undefined || v === null || v === '';
/**
 * A row as the page sends it without the points its plan withholds (or without a projection at
 * all): the page sends DKPts, ProjOwn and Ceiling as 0 where it had nothing (domain playerForSend).
 */
export const rowLacksPoints = (p: Record<string, unknown>) => absent(p.ProjPts) && absent(p.UserProj);
/** The same for ownership: neither HouseOwn nor UserOwn, and no ProjOwn. */
const rowLacksOwnership = (p: Record<string, unknown>) => absent(p.HouseOwn) && absent(p.UserOwn) && !Number(p.ProjOwn);

/** What a build needs to find the slate's house rows. */
export interface BuildSlateRef {
  sport: string; site: string; contestType?: string; slate?: string; season?: string | number; counter?: string | number;
  players: Record<string, unknown>[];
}

/**
 * The withheld values a user's build still needs: the page never had them, so the server puts
 * the house values into copies of the rows it builds from; `rowAsSent` gives the client's row
 * back for the answer.
 */
export async function fillWithheldForBuild(db: Kysely<Database>, message: BuildSlateRef): Promise<void> {
  const lacking = new Set(message.players.filter((p) => rowLacksPoints(p) || rowLacksOwnership(p)));
  if (lacking.size === 0 || !message.slate || message.counter === undefined || message.season === undefined) return;
  // A season that is no year names no slate (and would be refused by PostgreSQL's integer column).
  const season = Number(message.season);
  if (!Number.isInteger(season) || season < 1900 || season > 2200) return;
  const counter = String(message.counter);
  const contestType = message.contestType ?? (message.sport === 'nfl' ? nflContestTypeForCounter(counter) : 'classic');
  const slate = await findSlate(db, {
    sport: message.sport, site: message.site, contestType, season, counter, name: message.slate,
  });
  if (!slate) return;
  const house = new Map<string, Record<string, unknown>>();
  for (const p of await slatePlayers(db, slate.id)) {
    house.set(p.RosterPosition ? `${p.Id}|${String(p.RosterPosition)}` : p.Id, p);
    if (!house.has(p.Id)) house.set(p.Id, p);
  }
  for (const [index, sent] of message.players.entries()) {
    if (!lacking.has(sent)) continue;
    const match = house.get(String(sent.Id)) ?? house.get(`${String(sent.Id)}|${String(sent.RosterPosition ?? '')}`);
    if (!match) continue;
    const row = { ...sent };
    rememberRowAsSent(row, rowAsSent(sent));
    message.players[index] = row;
    if (rowLacksPoints(row)) {
      if (match.ProjPts !== undefined) row.ProjPts = row.DKPts = match.ProjPts;
      if (match.Ceiling !== undefined) row.Ceiling = match.Ceiling;
    }
    if (rowLacksOwnership(row) && match.ProjOwn !== undefined) row.ProjOwn = match.ProjOwn;
  }
}
