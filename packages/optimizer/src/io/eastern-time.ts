// US Eastern time as a fixed offset: EDT (-04:00) from the second Sunday of March to the
// first Sunday of November, EST (-05:00) otherwise. The switch happens at 02:00 local time.

/** Day of month of the n-th Sunday (n ≥ 1) of a month (1 = January). */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 = Sunday
  return 1 + ((7 - firstWeekday) % 7) + 7 * (n - 1);
}

/** True when daylight saving time is in force in America/New_York at the given local time. */
export function isEasternDaylightTime(year: number, month: number, day: number, hour = 12): boolean {
  if (month < 3 || month > 11) return false;
  if (month > 3 && month < 11) return true;
  if (month === 3) {
    const start = nthSunday(year, 3, 2);
    return day > start || (day === start && hour >= 2);
  }
  const end = nthSunday(year, 11, 1);
  return day < end || (day === end && hour < 1);
}

/** UTC offset of America/New_York at a local time: '-04:00' or '-05:00'. */
export function easternOffset(year: number, month: number, day: number, hour = 12): string {
  return isEasternDaylightTime(year, month, day, hour) ? '-04:00' : '-05:00';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 date-time with the Eastern offset, e.g. '2023-09-07T20:20:00-04:00'. */
export function easternIso(year: number, month: number, day: number, hour: number, minute: number): string {
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:00${easternOffset(year, month, day, hour)}`;
}

/** True when the numbers name a real calendar date and clock time. */
export function isValidDateTime(year: number, month: number, day: number, hour: number, minute: number): boolean {
  if (!(month >= 1 && month <= 12 && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && day >= 1)) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}
