// A builder URL read into the slate it shows. Season and counter travel in the
// query string (season, week for nfl; date for the date sports) and default to the domain's calendar (time.ts).
import {
  CONTEST_TYPES, CURRENT_SEASON, NFL_SHOWDOWN_COUNTER, SPORTS, contestTypesFor, findRoster, nflWeekCounter, slateDefaultDate,
  type ContestType, type Site, type Sport,
} from '@stacksmith/domain';
import type { SlateRef } from '../api/client';

export const isSport = (value: string | undefined): value is Sport => SPORTS.includes(value as Sport);
export const isContestType = (value: string | undefined): value is ContestType => CONTEST_TYPES.includes(value as ContestType);

/** The nfl week shown when the URL names none: the calendar's week, kept off the showdown week on a classic path. */
export function defaultNflWeek(contestType: ContestType, now: number): number {
  const week = nflWeekCounter(now);
  if (contestType === 'showdown') return NFL_SHOWDOWN_COUNTER;
  return week >= NFL_SHOWDOWN_COUNTER ? NFL_SHOWDOWN_COUNTER - 1 : week;
}

export type ParsedBuilderRoute =
  | { kind: 'ok'; ref: SlateRef }
  | { kind: 'redirect'; to: string }
  | { kind: 'invalid' };

export function builderUrl(ref: Pick<SlateRef, 'sport' | 'site' | 'contestType' | 'slate'>, query?: URLSearchParams): string {
  const q = query?.toString();
  return `/optimizer/${ref.contestType}/${ref.sport}/${ref.site}/${encodeURIComponent(ref.slate)}${q ? `?${q}` : ''}`;
}

/**
 * The season and counter a page's query names: nfl's season and week, the date sports' date
 * (each defaulting to the domain's calendar, time.ts).
 */
export function slateCounter(sport: Sport, contestType: ContestType, query: URLSearchParams, now: number): { season: number; counter: string } {
  if (sport === 'nfl') {
    const week = Number(query.get('week'));
    return {
      season: Number(query.get('season')) || CURRENT_SEASON,
      counter: String(Number.isInteger(week) && week >= 1 && week <= NFL_SHOWDOWN_COUNTER ? week : defaultNflWeek(contestType, now)),
    };
  }
  const fallback = slateDefaultDate(sport === 'mma' ? 'pga' : sport, now);
  const date = query.get('date');
  return { counter: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : fallback.date, season: Number(query.get('season')) || fallback.season };
}

export function parseBuilderRoute(
  params: { contestType?: string; sport?: string; site?: string; slate?: string },
  query: URLSearchParams,
  now: number,
): ParsedBuilderRoute {
  const { contestType, sport, site, slate = 'Main' } = params;
  // /optimizer/classic/nfl/dk matches the 3-segment route with the contest type in the sport slot.
  if (!contestType && isContestType(sport) && isSport(site)) {
    return { kind: 'redirect', to: `/optimizer/${sport}/${site}/${slate}/Main` };
  }
  if (!isSport(sport) || !site) return { kind: 'invalid' };
  let type: ContestType = isContestType(contestType) ? contestType : 'classic';
  if (contestType && !isContestType(contestType)) return { kind: 'invalid' };
  if (!findRoster(sport, site, type)) {
    const types = contestTypesFor(sport, site as Site);
    if (types.length === 0) return { kind: 'invalid' };
    type = types[0]!;
  }
  const { season, counter } = slateCounter(sport, type, query, now);
  if (sport === 'nfl') {
    // NFL counter 22 means showdown; leaving it goes to classic (the Super Bowl week has no
    // classic slate). The other weeks
    // have their single-game showdown slates too (named by the game): only their Main is classic.
    const wanted: ContestType = Number(counter) === NFL_SHOWDOWN_COUNTER || (type === 'showdown' && slate !== 'Main') ? 'showdown' : 'classic';
    if (wanted !== type && query.get('week')) {
      return { kind: 'redirect', to: builderUrl({ sport, site: site as Site, contestType: wanted, slate }, query) };
    }
  }
  if (contestType !== type) {
    return { kind: 'redirect', to: builderUrl({ sport, site: site as Site, contestType: type, slate }, query) };
  }
  return { kind: 'ok', ref: { sport, site: site as Site, contestType: type, slate, season, counter } };
}

/** A stable key of a slate for caches and browser storage. */
export const slateKey = (r: SlateRef) => [r.sport, r.site, r.contestType, r.slate, r.season, r.counter].join('/');
