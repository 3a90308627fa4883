// JSON text from clients is checked before it becomes objects: nesting depth is bounded (a
// body nested thousands of levels deep would otherwise overflow the stack of every recursive
// step after the parse: validation, stringify, the services) and the NUL character is refused
// (PostgreSQL text cannot hold it). One linear scan of the text; hand-written because no
// maintained JSON parser offers a depth limit, and the scan builds nothing. After the parse,
// keys named toString or valueOf are refused: such an object (say a player's Position) makes
// every String() or Number() of it throw, deep inside a service.
import { coded, type CodedMessage } from '@stacksmith/domain';
import { HttpError } from '../http-errors.js';

/** Deepest nesting of objects and arrays a request may carry (real requests use fewer than 10). */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** What is wrong with the JSON text's shape (too deep, a NUL), or null; the syntax itself is left to the parser. */
export function jsonTextProblem(text: string, maxDepth = MAX_JSON_DEPTH): CodedMessage | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return coded('text-contains-nul', {});
    if (inString) {
      if (c === BACKSLASH) {
        // \u0000 (any case of hex digits) is the NUL character; any other escape is skipped whole.
        if (text.charCodeAt(i + 1) === 0x75 && /^[0]{4}$/.test(text.slice(i + 2, i + 6))) return coded('text-contains-nul', {});
        i++;
      } else if (c === QUOTE) {
        inString = false;
      }
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return coded('json-too-deep', { maxDepth });
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return null;
}

const COERCION_KEYS = ['toString', 'valueOf'] as const;

/** RESERVED_JSON_KEY when some object of the parsed value has an own toString or valueOf, else null. */
export function reservedKeyProblem(text: string, value: unknown): CodedMessage | null {
  // Such a key needs its name in the text, or a \u escape spelling it.
  if (!COERCION_KEYS.some((key) => text.includes(key)) && !text.includes('\\u')) return null;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object') continue;
    if (!Array.isArray(item) && COERCION_KEYS.some((key) => Object.hasOwn(item, key))) return coded('reserved-json-key', {});
    pending.push(...Object.values(item));
  }
  return null;
}

/** JSON.parse with the checks above; throws a 400 HttpError with a message fit for the client. */
export function parseJsonText(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  const problem = jsonTextProblem(text, maxDepth);
  if (problem) throw new HttpError(400, problem);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, coded('body-not-json', {}));
  }
  const reserved = reservedKeyProblem(text, value);
  if (reserved) throw new HttpError(400, reserved);
  return value;
}
