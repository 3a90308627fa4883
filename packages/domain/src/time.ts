// Calendar rules: game times, nfl weeks, default slate dates. Every function takes the
// current instant as a parameter: the domain has no clock of its own.
import { DateTime } from 'luxon';
import { CURRENT_SEASON } from './formulas.js';

/** An instant: a Date or epoch milliseconds. */
export type Instant = Date | number;

const toMillis = (now: Instant): number => (typeof now === 'number' ? now : now.getTime());

export const NEW_YORK = 'America/New_York';
export const LOS_ANGELES = 'America/Los_Angeles';

/** Game start times are New York times, as the sites list them. */
export const GAME_START_TIME_ZONE = NEW_YORK;

// ---- NFL week counter ----

/** The instant the 2023 NFL week counter starts moving: 2023-09-05 12:00 New York time. */
export const NFL_WEEK_COUNTER_START = DateTime.fromObject(
  { year: 2023, month: 9, day: 5, hour: 12 },
  { zone: NEW_YORK },
);

/** The counter never passes 22; counter 22 is the showdown slate. */
export const NFL_MAX_COUNTER = 22;
export const NFL_SHOWDOWN_COUNTER = 22;

/**
 * The nfl week counter: 1 before 2023-09-05 12:00 New York time, then 1 + whole weeks since
 * that instant, capped at 22. Weeks are counted in New York calendar days, so the daylight
 * saving change in November does not shift the Tuesday-noon boundary by an hour.
 */
export function nflWeekCounter(now: Instant): number {
  const current = DateTime.fromMillis(toMillis(now), { zone: NEW_YORK });
  if (current < NFL_WEEK_COUNTER_START) return 1;
  const days = current.diff(NFL_WEEK_COUNTER_START, 'days').days;
  return Math.min(NFL_MAX_COUNTER, 1 + Math.floor(days / 7));
}

/** NFL counter 22 means showdown (the Super Bowl week has no classic slate). */
export function isNflShowdownCounter(counter: number | string): boolean {
  return Number(counter) === NFL_SHOWDOWN_COUNTER;
}

export function nflContestTypeForCounter(counter: number | string): 'classic' | 'showdown' {
  return isNflShowdownCounter(counter) ? 'showdown' : 'classic';
}

// ---- Dates ----

const DATE_FORMAT = 'yyyy-MM-dd';

/** The 'today' date helper: UTC shifted by −5 hours, as YYYY-MM-DD. */
export function todayDate(now: Instant): string {
  return DateTime.fromMillis(toMillis(now), { zone: 'UTC' }).minus({ hours: 5 }).toFormat(DATE_FORMAT);
}

export type DateSport = 'nba' | 'mlb' | 'pga';

export interface SlateDefault {
  /** YYYY-MM-DD */
  readonly date: string;
  readonly season: number;
}

/** Season of the pga slate default. */
export const PGA_SEASON = 2024;
/** From this New York hour on, the pga default date is the next day. */
export const PGA_NEXT_DAY_HOUR = 18;

/**
 * Default slate date of a date-based sport.
 * - nba, mlb: today's date in Los Angeles, season 2023.
 * - pga: today's date in New York, season 2024; from 18:00 on it is the next day, and a
 *   Tuesday or Wednesday (after that shift) becomes the Thursday of the same week, when
 *   tournaments start.
 */
export function slateDefaultDate(sport: DateSport, now: Instant): SlateDefault {
  if (sport === 'pga') {
    let date = DateTime.fromMillis(toMillis(now), { zone: NEW_YORK });
    if (date.hour >= PGA_NEXT_DAY_HOUR) date = date.plus({ days: 1 });
    // Luxon weekdays: 1 = Monday … 7 = Sunday; Thursday is 4.
    if (date.weekday === 2 || date.weekday === 3) date = date.plus({ days: 4 - date.weekday });
    return { date: date.toFormat(DATE_FORMAT), season: PGA_SEASON };
  }
  const date = DateTime.fromMillis(toMillis(now), { zone: LOS_ANGELES });
  return { date: date.toFormat(DATE_FORMAT), season: CURRENT_SEASON };
}

// ---- Dates as users read them ----

/** The one way a date is written on the pages: "Dec 30, 2026". */
const DISPLAY_DATE = 'LLL d, yyyy';
/** …and a moment: "Sep 10, 2023, 3:00 PM". */
const DISPLAY_DATE_TIME = 'LLL d, yyyy, h:mm a';

function readInstant(text: string, zone: string): DateTime | null {
  for (const read of [DateTime.fromISO, DateTime.fromSQL, DateTime.fromRFC2822]) {
    const date = read(text.trim(), { zone });
    if (date.isValid) return date;
  }
  return null;
}

/**
 * A date (a day, or an instant's day) written as "Dec 30, 2026"; null when the text is not a
 * date. `zone` is where the day is read: UTC for the subscription's days (stored as UTC midnights).
 */
export function displayDate(text: string | null | undefined, zone = 'UTC'): string | null {
  const date = text ? readInstant(text, zone) : null;
  return date ? date.setLocale('en-US').toFormat(DISPLAY_DATE) : null;
}

/** An instant written as "Sep 10, 2023, 3:00 PM", in the given zone (the browser's by default); null when the text is not one. */
export function displayDateTime(text: string | null | undefined, zone = 'system'): string | null {
  const date = text ? readInstant(text, zone) : null;
  return date ? date.setZone(zone).setLocale('en-US').toFormat(DISPLAY_DATE_TIME) : null;
}

// ---- Game start ----

/** DraftKings style 'MM/DD/YYYY HH:MMAM ET', also found inside Game Info ('CIN@CLE 09/10/2023 01:00PM ET'). */
const DRAFTKINGS_GAME_START = /(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})\s*([AP]M)(?:\s+(?:ET|EST|EDT))?/i;

/**
 * Parses a GameStart text into epoch milliseconds, or null when it cannot be read.
 * Accepted: ISO 8601 with an offset or 'Z' (taken as is); ISO 8601 or 'YYYY-MM-DD HH:MM[:SS]'
 * without one (read as New York time); DraftKings 'MM/DD/YYYY HH:MMAM ET' (New York time).
 */
export function parseGameStart(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;

  const dk = DRAFTKINGS_GAME_START.exec(trimmed);
  if (dk) {
    const [, month, day, year, hour12, minute, meridiem] = dk;
    const hour = (Number(hour12) % 12) + (meridiem!.toUpperCase() === 'PM' ? 12 : 0);
    if (Number(hour12) < 1 || Number(hour12) > 12) return null;
    const date = DateTime.fromObject(
      { year: Number(year), month: Number(month), day: Number(day), hour, minute: Number(minute) },
      { zone: GAME_START_TIME_ZONE },
    );
    return date.isValid ? date.toMillis() : null;
  }

  // setZone keeps an explicit offset; without one the text is read in the zone given.
  const options = { zone: GAME_START_TIME_ZONE, setZone: true };
  const iso = DateTime.fromISO(trimmed, options);
  if (iso.isValid) return iso.toMillis();
  const sql = DateTime.fromSQL(trimmed, options);
  if (sql.isValid) return sql.toMillis();
  const rfc = DateTime.fromRFC2822(trimmed, options);
  return rfc.isValid ? rfc.toMillis() : null;
}

/**
 * The slate a salary file's own games name, from its first game's start: for nfl the season and
 * week of the nfl week counter (null outside the weeks it knows), for the date sports that
 * game's New York date. A file is filed under this rather than under the page it was uploaded on.
 */
export function slateOfFirstGame(sport: string, firstGame: Instant): { season?: number; counter: string } | null {
  const start = DateTime.fromMillis(toMillis(firstGame), { zone: GAME_START_TIME_ZONE });
  if (sport !== 'nfl') return { counter: start.toFormat(DATE_FORMAT) };
  // Week 1's games start the Thursday after the counter's first Tuesday; a week before that is preseason.
  const known = start >= NFL_WEEK_COUNTER_START.minus({ days: 7 }) && start < NFL_WEEK_COUNTER_START.plus({ weeks: NFL_MAX_COUNTER });
  return known ? { season: CURRENT_SEASON, counter: String(nflWeekCounter(start.toMillis())) } : null;
}

/** True once a game has started; unreadable start texts count as not started. */
export function hasGameStarted(gameStart: string, now: Instant): boolean {
  const start = parseGameStart(gameStart);
  return start !== null && toMillis(now) >= start;
}

/**
 * A New York wall-clock time as ISO 8601 with the offset in force then ('2023-09-07T20:20:00-04:00');
 * null when the numbers name no real date or clock time. The offset comes from the time-zone
 * database, so the daylight-saving rules of any year (and any future change of the law) hold.
 */
export function newYorkIso(year: number, month: number, day: number, hour: number, minute: number): string | null {
  // Luxon reads hour 24 as the next day's midnight; a clock never shows it.
  if (!(hour >= 0 && hour <= 23)) return null;
  const date = DateTime.fromObject({ year, month, day, hour, minute }, { zone: NEW_YORK });
  return date.isValid ? date.toISO({ suppressMilliseconds: true }) : null;
}

/** The UTC offset of New York at a wall-clock time: '-04:00' (daylight saving) or '-05:00'. */
export function newYorkOffset(year: number, month: number, day: number, hour = 12): string {
  return DateTime.fromObject({ year, month, day, hour }, { zone: NEW_YORK }).toFormat('ZZ');
}

/**
 * True while a slate is being played or is still to come: until the end of the New York day of
 * its last game start. Afterwards the slate is past, and building on it is practice. False when
 * no start time is known.
 */
export function isSlateCurrent(gameStarts: readonly number[], now: Instant): boolean {
  if (gameStarts.length === 0) return false;
  const last = Math.max(...gameStarts);
  const endOfDay = DateTime.fromMillis(last, { zone: NEW_YORK }).endOf('day').toMillis();
  return toMillis(now) <= endOfDay;
}
