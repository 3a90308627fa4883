import { jsonTooDeep, RESERVED_JSON_KEY, TEXT_CONTAINS_NUL } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors.js';
import { jsonTextProblem, MAX_JSON_DEPTH, parseJsonText, reservedKeyProblem } from './json-text.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('the JSON text checks', () => {
  it('counts nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH + 1))).toBe(jsonTooDeep(MAX_JSON_DEPTH));
    expect(jsonTextProblem(`{"a":"${'['.repeat(500)}"}`)).toBeNull();
    // An escaped quote does not end the string, so the brackets after it are still text.
    expect(jsonTextProblem(`{"a":"\\"${'{'.repeat(500)}"}`)).toBeNull();
    // An escaped backslash does end it before the quote.
    expect(jsonTextProblem(`{"a":"\\\\", "b":${nested(MAX_JSON_DEPTH)}}`)).toBe(jsonTooDeep(MAX_JSON_DEPTH));
  });

  it('finds a NUL escaped or raw, and nothing else', () => {
    expect(jsonTextProblem('{"a":"x\\u0000"}')).toBe(TEXT_CONTAINS_NUL);
    expect(jsonTextProblem('{"a\\u0000":1}')).toBe(TEXT_CONTAINS_NUL);
    expect(jsonTextProblem('{"a":"x\u0000"}')).toBe(TEXT_CONTAINS_NUL);
    expect(jsonTextProblem('{"a":"\\\\u0000"}')).toBeNull();
    expect(jsonTextProblem('{"a":"\\u00001"}')).toBe(TEXT_CONTAINS_NUL);
    expect(jsonTextProblem('{"a":"\\u0001\\u1000"}')).toBeNull();
  });

  it('finds own toString and valueOf keys at any depth, however spelt', () => {
    const check = (text: string) => reservedKeyProblem(text, JSON.parse(text));
    expect(check('[{"a":[{"toString":1}]}]')).toBe(RESERVED_JSON_KEY);
    expect(check('{"\\u0076alueOf":1}')).toBe(RESERVED_JSON_KEY);
    expect(check('{"a":"toString","valueOf2":1}')).toBeNull();
  });

  it('parses or throws a 400 with the reason', () => {
    expect(parseJsonText('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    for (const [text, message] of [[nested(100), jsonTooDeep(MAX_JSON_DEPTH)], ['{"a":', 'The body is not valid JSON'], ['{"valueOf":1}', RESERVED_JSON_KEY]] as const) {
      expect(() => parseJsonText(text)).toThrow(HttpError);
      expect(() => parseJsonText(text)).toThrow(message);
    }
  });
});
