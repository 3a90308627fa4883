// A build fills the values a plan withholds from the page into copies of the client's rows
// (services/gating.ts); answers echo the rows as sent, so no filled value reaches the client.
// Its own module so the build's worker threads can import it without the database layer.

/** The rows as the client sent them, keyed by the filled copy the solver reads. */
const rowsAsSent = new WeakMap<object, Record<string, unknown>>();

/** Records that `filled` is a copy of the client's `sent` row with withheld values filled in. */
export function rememberRowAsSent(filled: object, sent: Record<string, unknown>): void {
  rowsAsSent.set(filled, sent);
}

/** The row as the client sent it (the row itself when nothing was filled into it). */
export function rowAsSent<T extends object>(row: T): T {
  return (rowsAsSent.get(row) as T | undefined) ?? row;
}
