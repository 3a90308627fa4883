import { describe, expect, it } from 'vitest';
import { easternIso, easternOffset, isEasternDaylightTime, isValidDateTime } from './eastern-time.js';

describe('Eastern time offsets', () => {
  it('is EDT from the second Sunday of March (2024-03-10) at 02:00', () => {
    expect(easternOffset(2024, 3, 9)).toBe('-05:00');
    expect(easternOffset(2024, 3, 10, 1)).toBe('-05:00');
    expect(easternOffset(2024, 3, 10, 13)).toBe('-04:00');
    expect(easternOffset(2024, 3, 11)).toBe('-04:00');
  });

  it('is EST from the first Sunday of November (2024-11-03)', () => {
    expect(easternOffset(2024, 11, 2, 20)).toBe('-04:00');
    expect(easternOffset(2024, 11, 3, 0)).toBe('-04:00');
    expect(easternOffset(2024, 11, 3, 13)).toBe('-05:00');
    expect(easternOffset(2024, 11, 4)).toBe('-05:00');
  });

  it('finds the Sundays in other years (2023: March 12, November 5)', () => {
    expect(isEasternDaylightTime(2023, 3, 11)).toBe(false);
    expect(isEasternDaylightTime(2023, 3, 12)).toBe(true);
    expect(isEasternDaylightTime(2023, 11, 4)).toBe(true);
    expect(isEasternDaylightTime(2023, 11, 5)).toBe(false);
  });

  it('is EDT all summer and EST all winter', () => {
    expect(easternOffset(2023, 9, 7)).toBe('-04:00');
    expect(easternOffset(2024, 1, 21)).toBe('-05:00');
    expect(easternOffset(2023, 12, 31)).toBe('-05:00');
  });

  it('writes ISO date-times with the offset', () => {
    expect(easternIso(2023, 9, 7, 20, 20)).toBe('2023-09-07T20:20:00-04:00');
    expect(easternIso(2024, 1, 7, 9, 5)).toBe('2024-01-07T09:05:00-05:00');
    expect(new Date(easternIso(2023, 9, 7, 20, 20)).toISOString()).toBe('2023-09-08T00:20:00.000Z');
  });

  it('checks calendar dates', () => {
    expect(isValidDateTime(2024, 2, 29, 13, 0)).toBe(true);
    expect(isValidDateTime(2023, 2, 29, 13, 0)).toBe(false);
    expect(isValidDateTime(2023, 13, 1, 13, 0)).toBe(false);
    expect(isValidDateTime(2023, 9, 7, 24, 0)).toBe(false);
  });
});
