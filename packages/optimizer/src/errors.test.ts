// The errors a user is shown are coded: the type checker refuses a plain text, and so does the
// constructor, so a new refusal cannot skip the catalogue.
import { coded } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { BuildError, InputError } from './types.js';

describe('InputError and BuildError', () => {
  it('carry the code and params, the message rendered from them', () => {
    const input = new InputError(coded('late-swap-lineup-size', { lineup: 2, players: 8, slots: 9 }), 1);
    expect(input.coded).toEqual({ code: 'late-swap-lineup-size', params: { lineup: 2, players: 8, slots: 9 } });
    expect(input.message).toBe('after-start lineup 2 has 8 players, the roster has 9');
    expect(input.lineupIndex).toBe(1);
    const build = new BuildError(coded('no-lineup-satisfies-rules', { rules: ['salary cap', 'QB stack'] }), ['salary cap', 'QB stack']);
    expect(build.coded.code).toBe('no-lineup-satisfies-rules');
    expect(build.message).toBe('No lineup satisfies the rules: salary cap + QB stack');
  });

  it('refuse a plain text', () => {
    // @ts-expect-error a plain text is not a coded message
    expect(() => new InputError('saved lineup 1 is wrong')).toThrow();
    // @ts-expect-error a plain text is not a coded message
    expect(() => new BuildError('no lineup')).toThrow();
  });
});
