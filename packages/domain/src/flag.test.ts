import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFlag } from './flag.js';

describe('readFlag: one reading of yes/no values', () => {
  it('reads booleans, numbers and text the same way everywhere', () => {
    for (const no of [false, 0, '0', '', 'false', 'FALSE', ' no ', 'off']) expect(readFlag(no, true), String(no)).toBe(false);
    for (const yes of [true, 1, 2, '1', 'true', 'yes', 'on']) expect(readFlag(yes, false), String(yes)).toBe(true);
  });

  it('gives the fallback for a missing value only', () => {
    fc.assert(fc.property(fc.boolean(), (fallback) => {
      expect(readFlag(undefined, fallback)).toBe(fallback);
      expect(readFlag(null, fallback)).toBe(fallback);
    }));
  });

  it('does not depend on the fallback once a value is sent', () => {
    fc.assert(fc.property(fc.oneof(fc.boolean(), fc.integer(), fc.string()), (value) => {
      expect(readFlag(value, true)).toBe(readFlag(value, false));
    }));
  });
});
