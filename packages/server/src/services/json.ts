// JSON columns are text; these keep the parse/stringify in one place.
import { describeIssues, readJsonAs } from '@stacksmith/domain';
import type { z } from 'zod';

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Thrown when a stored JSON value does not have its stored shape (a damaged or foreign value). */
export class StoredDataError extends Error {
  constructor(what: string, readonly issues: string) {
    super(`Stored ${what} do not have their shape: ${issues}`);
    this.name = 'StoredDataError';
  }
}

/**
 * A JSON column read back and checked against its schema, so a damaged value fails where it
 * was read, not later in a client. Text that is not JSON at all reads as `fallback`.
 */
export function fromJsonAs<S extends z.ZodType, F = z.output<S>>(schema: S, text: string | null | undefined, fallback: F, what: string): z.output<S> | F {
  return readJsonAs(schema, text, fallback, (issues) => { throw new StoredDataError(what, describeIssues(issues, 'value').join('; ')); });
}
