import { BODY_NOT_JSON, coded, jsonTooDeep, RESERVED_JSON_KEY } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors.js';
import { jsonTextProblem, MAX_JSON_DEPTH, parseJsonText, reservedKeyProblem } from './json-text.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('the JSON text checks', () => {
  it('counts nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH + 1))).toEqual(coded('json-too-deep', { maxDepth: MAX_JSON_DEPTH }));
    expect(jsonTextProblem(`{"a":"${'['.repeat(500)}"}`)).toBeNull();
    // An escaped quote does not end the string, so the brackets after it are still text.
    expect(jsonTextProblem(`{"a":"\\"${'{'.repeat(500)}"}`)).toBeNull();
    // An escaped backslash does end it before the quote.
    expect(jsonTextProblem(`{"a":"\\\\", "b":${nested(MAX_JSON_DEPTH)}}`)).toEqual(coded('json-too-deep', { maxDepth: MAX_JSON_DEPTH }));
  });

  it('finds a NUL escaped or raw, and nothing else', () => {
    expect(jsonTextProblem('{"a":"x\\u0000"}')).toEqual(coded('text-contains-nul', {}));
    expect(jsonTextProblem('{"a\\u0000":1}')).toEqual(coded('text-contains-nul', {}));
    expect(jsonTextProblem('{"a":"x\u0000"}')).toEqual(coded('text-contains-nul', {}));
    expect(jsonTextProblem('{"a":"\\\\u0000"}')).toBeNull();
    expect(jsonTextProblem('{"a":"\\u00001"}')).toEqual(coded('text-contains-nul', {}));
    expect(jsonTextProblem('{"a":"\\u0001\\u1000"}')).toBeNull();
  });

  it('finds own toString and valueOf keys at any depth, however spelt', () => {
    const check = (text: string) => reservedKeyProblem(text, JSON.parse(text));
    expect(check('[{"a":[{"toString":1}]}]')).toEqual(coded('reserved-json-key', {}));
    expect(check('{"\\u0076alueOf":1}')).toEqual(coded('reserved-json-key', {}));
    expect(check('{"a":"toString","valueOf2":1}')).toBeNull();
  });

  it('parses or throws a 400 with the reason', () => {
    expect(parseJsonText('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    for (const [text, message] of [[nested(100), jsonTooDeep(MAX_JSON_DEPTH)], ['{"a":', BODY_NOT_JSON], ['{"valueOf":1}', RESERVED_JSON_KEY]] as const) {
      expect(() => parseJsonText(text)).toThrow(HttpError);
      expect(() => parseJsonText(text)).toThrow(message);
    }
  });
});
