// JSON nesting bound, checked on the text before JSON.parse. V8 parses deep JSON without
// trouble, but what follows (schemas, structured clone to a worker, stringify) recurses and
// fails with "Maximum call stack size exceeded". One linear scan, no allocation; no library
// offers this check on its own (secure-json-parse guards prototypes, not depth).

/** True when `text` opens more than `maxDepth` nested arrays/objects (strings are skipped). */
export function jsonNestingExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

export class JsonTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`the JSON nests deeper than ${maxDepth} levels`);
    this.name = 'JsonTooDeepError';
  }
}

/** JSON.parse after the nesting check; throws JsonTooDeepError or the parser's SyntaxError. */
export function parseBoundedJson(text: string, maxDepth: number): unknown {
  if (jsonNestingExceeds(text, maxDepth)) throw new JsonTooDeepError(maxDepth);
  return JSON.parse(text);
}
