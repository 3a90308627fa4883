// A JSON text stored by us (a database column) read back and checked against its schema, so a
// damaged or foreign value fails where it is read, not later in a client.
import type { z } from 'zod';

/**
 * The value of `text` if it has the schema's shape. No text, or text that is not JSON at all (a
 * row never written), reads as `fallback`; a value of another shape calls `invalid` with the
 * schema's issues, which throws the caller's own error.
 */
export function readJsonAs<S extends z.ZodType, F>(
  schema: S,
  text: string | null | undefined,
  fallback: F,
  invalid: (issues: readonly z.core.$ZodIssue[]) => never,
): z.output<S> | F {
  if (text === null || text === undefined) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : invalid(parsed.error.issues);
}

/** Issues as one line each: the path (or `whole` for the value itself) and the message. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], whole: string): string[] {
  return issues.map((i) => `${i.path.join('.') || whole}: ${i.message}`);
}
