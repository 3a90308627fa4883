// The alternate embedded build: '/' goes to the NFL dk Main optimizer, keeping
// the query parameters other than date and season.

/** Whether this is the embedded build (VITE_EMBEDDED=true at build time). */
export const EMBEDDED_BUILD = import.meta.env.VITE_EMBEDDED === 'true';

export const EMBEDDED_TARGET = '/optimizer/classic/nfl/dk/Main';
const DROPPED = new Set(['date', 'season']);

export function embeddedRedirect(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (!DROPPED.has(key)) kept.append(key, value);
  const query = kept.toString();
  return query ? `${EMBEDDED_TARGET}?${query}` : EMBEDDED_TARGET;
}
