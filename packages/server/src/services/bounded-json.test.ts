import { describe, expect, it } from 'vitest';
import { jsonNestingExceeds, JsonTooDeepError, parseBoundedJson } from './bounded-json.js';

describe('the JSON nesting bound', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestingExceeds('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestingExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestingExceeds('{"a":"[[[[[[[[{{{{{"}', 1)).toBe(false);
    expect(jsonNestingExceeds('{"a":"\\"[[[[[\\\\"}', 1)).toBe(false);
    expect(jsonNestingExceeds('[[],[],[[]]]', 3)).toBe(false);
    expect(jsonNestingExceeds('[[],[],[[[]]]]', 3)).toBe(true);
  });

  it('refuses 100 000 levels before parsing and parses what fits', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(() => parseBoundedJson(deep, 32)).toThrow(JsonTooDeepError);
    expect(parseBoundedJson('{"players":[{"Id":"1","Positions":["QB"]}]}', 32)).toEqual({ players: [{ Id: '1', Positions: ['QB'] }] });
    expect(() => parseBoundedJson('{"a":', 32)).toThrow(SyntaxError);
  });
});
