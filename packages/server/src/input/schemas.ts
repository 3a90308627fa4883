// Shared pieces of the input schemas that bound what reaches the database. PostgreSQL
// refuses an index entry over about 2,700 bytes, so every text that lands in a unique key
// or index (emails, player ids, lineup hashes, names) has a length bound here, and dates
// must exist on the calendar (2026-11-31 does not).
import { NOT_A_CALENDAR_DATE } from '@stacksmith/domain';
import { DateTime } from 'luxon';
import { z } from 'zod';

/** Text lengths, in characters. */
export const MAX_LENGTH = {
  /** RFC 5321's limit for an address. */
  email: 254,
  /** A player id (site ids are under 20 characters; ours join id and roster position). */
  playerId: 100,
  /** A saved lineup's hash: its sorted player ids joined by '-' (with a slate name it stays under the index limit in any script). */
  lineupHash: 400,
  password: 200,
} as const;

/** An email address as accounts store it (see MAX_LENGTH.email). */
export const emailAddress = z.email().max(MAX_LENGTH.email);

/** A player Id as string or number, kept as text. */
export const playerIdText = z.union([z.string().min(1).max(MAX_LENGTH.playerId), z.number()]).transform(String);

/** A lineup's hash (saved lineups are unique by it). */
export const lineupHash = z.string().min(1).max(MAX_LENGTH.lineupHash);

/** True when YYYY-MM-DD names a real day. */
export function isCalendarDate(text: string): boolean {
  return DateTime.fromISO(text, { zone: 'utc' }).isValid;
}

/** A YYYY-MM-DD date that exists. */
export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD').refine(isCalendarDate, NOT_A_CALENDAR_DATE);
