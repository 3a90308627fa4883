// What a storage error means, for both databases: a unique-key conflict (the caller answers
// it as "already there" or upserts), or the database being out of reach (a 503, never a crash).

/** SQLite's and PostgreSQL's error codes, wherever the driver puts them. */
function codeOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique or primary-key constraint refused the row (PostgreSQL 23505, SQLite CONSTRAINT_UNIQUE / PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** PostgreSQL error classes that mean the connection or the server went away, or the statement ran out of time. */
const PG_UNAVAILABLE = [
  /^08/, // connection exception
  /^57P0[1-4]$/, // admin shutdown (pg_terminate_backend), crash shutdown, cannot connect now, database dropped
  /^57014$/, // query canceled: statement_timeout
  /^53300$/, // too many connections
];
/** Node socket errors on the way to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres reports these as plain Errors without a code. */
const PG_CLIENT_MESSAGES = [
  /Connection terminated/i, /timeout exceeded when trying to connect/i, /Query read timeout/i, /Client has encountered a connection error/i,
  /Connection terminated unexpectedly/i, /Client was closed and is not queryable/i, /connection timeout/i, /timeout expired/i,
];

/** The database could not answer (down, restarting, unreachable, too slow, or busy): the request may be retried later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code) {
    if (SOCKET_CODES.has(code) || code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return PG_UNAVAILABLE.some((pattern) => pattern.test(code));
  }
  const message = error instanceof Error ? error.message : '';
  if (PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // AggregateError (connect to ::1 and 127.0.0.1 both refused) carries the socket codes inside.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

/** A connection URL fit for logs and messages: the password removed. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.searchParams.delete('password');
    return parsed.toString();
  } catch {
    return 'PostgreSQL (unparsable DATABASE_URL)';
  }
}

/** The cause of a failure in a few words, down the error's cause chain. */
export function causeOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(causeOf).join('; ');
  if (error instanceof Error) {
    const code = codeOf(error);
    const text = error.message || code || error.name;
    return code && !text.includes(code) ? `${text} (${code})` : text;
  }
  return String(error);
}
