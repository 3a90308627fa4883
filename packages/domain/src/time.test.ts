import { describe, expect, it } from 'vitest';
import {
  GAME_START_TIME_ZONE, NEW_YORK, hasGameStarted, isNflShowdownCounter, isSlateCurrent, newYorkIso, newYorkOffset, nflContestTypeForCounter, nflWeekCounter, parseGameStart,
  displayDate, displayDateTime, slateDefaultDate, slateOfFirstGame, todayDate,
} from './time.js';

const at = (iso: string) => new Date(iso);

describe('nfl week counter', () => {
  it('is 1 before 2023-09-05 12:00 New York time (16:00 UTC)', () => {
    expect(nflWeekCounter(at('2023-01-01T00:00:00Z'))).toBe(1);
    expect(nflWeekCounter(at('2023-09-05T15:59:59Z'))).toBe(1);
  });

  it('counts whole weeks from that instant', () => {
    expect(nflWeekCounter(at('2023-09-05T16:00:00Z'))).toBe(1);
    expect(nflWeekCounter(at('2023-09-12T15:59:59Z'))).toBe(1);
    expect(nflWeekCounter(at('2023-09-12T16:00:00Z'))).toBe(2);
    expect(nflWeekCounter(at('2023-10-31T16:00:00Z'))).toBe(9);
  });

  it('keeps the Tuesday-noon boundary across the daylight saving change', () => {
    // After 5 November New York is UTC−5, so noon is 17:00 UTC.
    expect(nflWeekCounter(at('2023-11-07T16:59:00Z'))).toBe(9);
    expect(nflWeekCounter(at('2023-11-07T17:00:00Z'))).toBe(10);
  });

  it('is capped at 22', () => {
    expect(nflWeekCounter(at('2024-01-30T16:59:59Z'))).toBe(21);
    expect(nflWeekCounter(at('2024-01-30T17:00:00Z'))).toBe(22);
    expect(nflWeekCounter(at('2024-06-01T00:00:00Z'))).toBe(22);
    expect(nflWeekCounter(at('2030-01-01T00:00:00Z').getTime())).toBe(22);
  });

  it('treats counter 22 as showdown', () => {
    expect(isNflShowdownCounter(22)).toBe(true);
    expect(isNflShowdownCounter('22')).toBe(true);
    expect(isNflShowdownCounter(21)).toBe(false);
    expect(nflContestTypeForCounter(22)).toBe('showdown');
    expect(nflContestTypeForCounter(3)).toBe('classic');
  });
});

describe('today', () => {
  it('is the UTC date shifted by −5 hours', () => {
    expect(todayDate(at('2023-10-10T04:59:00Z'))).toBe('2023-10-09');
    expect(todayDate(at('2023-10-10T05:00:00Z'))).toBe('2023-10-10');
    expect(todayDate(at('2024-01-01T03:00:00Z'))).toBe('2023-12-31');
  });
});

describe('slate default dates', () => {
  it('nba and mlb use the Los Angeles date, season 2023', () => {
    // 06:30 UTC on the 11th is 23:30 on the 10th in Los Angeles.
    expect(slateDefaultDate('nba', at('2023-10-11T06:30:00Z'))).toEqual({ date: '2023-10-10', season: 2023 });
    expect(slateDefaultDate('mlb', at('2023-10-11T07:30:00Z'))).toEqual({ date: '2023-10-11', season: 2023 });
  });

  it('pga uses the New York date, season 2024', () => {
    // Friday 2024-03-08 10:00 New York.
    expect(slateDefaultDate('pga', at('2024-03-08T15:00:00Z'))).toEqual({ date: '2024-03-08', season: 2024 });
  });

  it('pga moves to the next day from 18:00', () => {
    // Friday 17:59 and 18:00 New York (EST, UTC−5).
    expect(slateDefaultDate('pga', at('2024-03-08T22:59:00Z')).date).toBe('2024-03-08');
    expect(slateDefaultDate('pga', at('2024-03-08T23:00:00Z')).date).toBe('2024-03-09');
  });

  it('pga moves Tuesday and Wednesday to Thursday', () => {
    // Tuesday 2024-03-05 and Wednesday 2024-03-06, mornings in New York.
    expect(slateDefaultDate('pga', at('2024-03-05T14:00:00Z')).date).toBe('2024-03-07');
    expect(slateDefaultDate('pga', at('2024-03-06T14:00:00Z')).date).toBe('2024-03-07');
    // Monday 19:00 becomes Tuesday, then Thursday.
    expect(slateDefaultDate('pga', at('2024-03-05T00:00:00Z')).date).toBe('2024-03-07');
    // Thursday morning stays Thursday; Sunday stays Sunday.
    expect(slateDefaultDate('pga', at('2024-03-07T14:00:00Z')).date).toBe('2024-03-07');
    expect(slateDefaultDate('pga', at('2024-03-10T16:00:00Z')).date).toBe('2024-03-10');
  });
});

describe('dates as the pages write them', () => {
  it('writes a day one way, whatever form the server sent it in', () => {
    expect(displayDate('2026-12-30T00:00:00.000Z')).toBe('Dec 30, 2026');
    expect(displayDate('2026-12-30')).toBe('Dec 30, 2026');
    expect(displayDate('2026-12-30 00:00:00')).toBe('Dec 30, 2026');
    expect(displayDate('soon')).toBeNull();
    expect(displayDate(null)).toBeNull();
  });

  it('writes a moment with its time in the zone asked', () => {
    expect(displayDateTime('2023-09-10T19:00:00Z', NEW_YORK)).toBe('Sep 10, 2023, 3:00 PM');
    expect(displayDateTime('2023-09-10 15:00:00', NEW_YORK)).toBe('Sep 10, 2023, 3:00 PM');
    expect(displayDateTime('', NEW_YORK)).toBeNull();
  });
});

describe('the slate a salary file names', () => {
  it('files nfl games under their week: Thursday night of week 1, Sunday of week 2, Monday night of week 18', () => {
    expect(slateOfFirstGame('nfl', parseGameStart('DET@KC 09/07/2023 08:20PM ET')!)).toEqual({ season: 2023, counter: '1' });
    expect(slateOfFirstGame('nfl', parseGameStart('CIN@BAL 09/17/2023 01:00PM ET')!)).toEqual({ season: 2023, counter: '2' });
    expect(slateOfFirstGame('nfl', parseGameStart('BUF@MIA 01/08/2024 08:15PM ET')!)).toEqual({ season: 2023, counter: '18' });
  });

  it('names no nfl week outside the weeks the counter knows', () => {
    expect(slateOfFirstGame('nfl', parseGameStart('KC@BAL 09/05/2024 08:20PM ET')!)).toBeNull();
    expect(slateOfFirstGame('nfl', parseGameStart('DAL@NYG 07/01/2023 01:00PM ET')!)).toBeNull();
  });

  it('files the date sports under the first game\'s New York date, a late game too', () => {
    expect(slateOfFirstGame('nba', parseGameStart('LAL@DEN 10/24/2023 10:30PM ET')!)).toEqual({ counter: '2023-10-24' });
    expect(slateOfFirstGame('mlb', parseGameStart('2024-04-02T19:05:00-04:00')!)).toEqual({ counter: '2024-04-02' });
  });
});

describe('game start', () => {
  it('is in New York time', () => {
    expect(GAME_START_TIME_ZONE).toBe('America/New_York');
  });

  it('parses the DraftKings format, alone or inside Game Info', () => {
    const expected = Date.parse('2023-09-10T17:00:00Z');
    expect(parseGameStart('09/10/2023 01:00PM ET')).toBe(expected);
    expect(parseGameStart('CIN@CLE 09/10/2023 01:00PM ET')).toBe(expected);
    expect(parseGameStart('12/25/2023 08:15pm ET')).toBe(Date.parse('2023-12-26T01:15:00Z'));
    expect(parseGameStart('09/10/2023 12:00AM ET')).toBe(Date.parse('2023-09-10T04:00:00Z'));
    expect(parseGameStart('09/10/2023 12:30PM ET')).toBe(Date.parse('2023-09-10T16:30:00Z'));
  });

  it('parses ISO with an offset as is and without one as New York time', () => {
    expect(parseGameStart('2023-09-10T13:00:00Z')).toBe(Date.parse('2023-09-10T13:00:00Z'));
    expect(parseGameStart('2023-09-10T13:00:00-07:00')).toBe(Date.parse('2023-09-10T20:00:00Z'));
    expect(parseGameStart('2023-09-10T13:00:00')).toBe(Date.parse('2023-09-10T17:00:00Z'));
    expect(parseGameStart('2023-12-10 13:00:00')).toBe(Date.parse('2023-12-10T18:00:00Z'));
  });

  it('gives null for unreadable text', () => {
    expect(parseGameStart('')).toBeNull();
    expect(parseGameStart('soon')).toBeNull();
    expect(parseGameStart('13/45/2023 01:00PM ET')).toBeNull();
  });

  it('tells whether a game has started', () => {
    expect(hasGameStarted('09/10/2023 01:00PM ET', at('2023-09-10T16:59:59Z'))).toBe(false);
    expect(hasGameStarted('09/10/2023 01:00PM ET', at('2023-09-10T17:00:00Z'))).toBe(true);
    expect(hasGameStarted('TBD', at('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('New York wall-clock times (the time-zone database, not a hand-written rule)', () => {
  it('is EDT from the second Sunday of March (2024-03-10) at 02:00', () => {
    expect(newYorkOffset(2024, 3, 9)).toBe('-05:00');
    expect(newYorkOffset(2024, 3, 10, 1)).toBe('-05:00');
    expect(newYorkOffset(2024, 3, 10, 13)).toBe('-04:00');
    expect(newYorkOffset(2024, 3, 11)).toBe('-04:00');
  });

  it('is EST from the first Sunday of November (2024-11-03)', () => {
    expect(newYorkOffset(2024, 11, 2, 20)).toBe('-04:00');
    expect(newYorkOffset(2024, 11, 3, 0)).toBe('-04:00');
    expect(newYorkOffset(2024, 11, 3, 13)).toBe('-05:00');
    expect(newYorkOffset(2024, 11, 4)).toBe('-05:00');
  });

  it('finds the Sundays in other years (2023: March 12, November 5), and the rules before 2007', () => {
    expect(newYorkOffset(2023, 3, 11)).toBe('-05:00');
    expect(newYorkOffset(2023, 3, 12)).toBe('-04:00');
    expect(newYorkOffset(2023, 11, 4)).toBe('-04:00');
    expect(newYorkOffset(2023, 11, 5)).toBe('-05:00');
    // 2006: daylight saving ran from the first Sunday of April to the last Sunday of October.
    expect(newYorkOffset(2006, 3, 20)).toBe('-05:00');
    expect(newYorkOffset(2006, 10, 31)).toBe('-05:00');
  });

  it('is EDT all summer and EST all winter', () => {
    expect(newYorkOffset(2023, 9, 7)).toBe('-04:00');
    expect(newYorkOffset(2024, 1, 21)).toBe('-05:00');
    expect(newYorkOffset(2023, 12, 31)).toBe('-05:00');
  });

  it('writes ISO date-times with the offset, and refuses dates that do not exist', () => {
    expect(newYorkIso(2023, 9, 7, 20, 20)).toBe('2023-09-07T20:20:00-04:00');
    expect(newYorkIso(2024, 1, 7, 9, 5)).toBe('2024-01-07T09:05:00-05:00');
    expect(new Date(newYorkIso(2023, 9, 7, 20, 20)!).toISOString()).toBe('2023-09-08T00:20:00.000Z');
    expect(newYorkIso(2024, 2, 29, 13, 0)).not.toBeNull();
    expect(newYorkIso(2023, 2, 29, 13, 0)).toBeNull();
    expect(newYorkIso(2023, 13, 1, 13, 0)).toBeNull();
    expect(newYorkIso(2023, 9, 7, 24, 0)).toBeNull();
  });

  it('a slate is current until the end of the New York day of its last game', () => {
    const starts = [Date.parse('2026-11-29T18:00:00Z'), Date.parse('2026-11-30T01:20:00Z')]; // Sun 1 pm, 8:20 pm ET
    expect(isSlateCurrent(starts, Date.parse('2026-11-29T20:00:00Z'))).toBe(true);
    expect(isSlateCurrent(starts, Date.parse('2026-11-30T04:59:00Z'))).toBe(true); // 23:59 ET
    expect(isSlateCurrent(starts, Date.parse('2026-11-30T05:01:00Z'))).toBe(false);
    expect(isSlateCurrent([], Date.parse('2026-11-29T20:00:00Z'))).toBe(false);
  });
});
