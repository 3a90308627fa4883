// Yes/no values as clients send them. Kept apart from the zod schemas in player.ts, so a page
// that only reads a flag (the web's first page, through permissions.ts) does not load zod.

/**
 * Reads a yes/no value sent as a boolean, a number (0 is no) or text ('', '0', 'false', 'no'
 * and 'off' are no, any other text yes). A missing value (undefined or null) is `fallback`.
 * The one reading of boolean settings and flags, whichever way they arrive.
 */
export function readFlag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return !['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return Boolean(value);
}
