import { describe, expect, it } from 'vitest';
import { EMBEDDED_TARGET, embeddedRedirect } from './embedded';

describe('the embedded build redirect of /', () => {
  it('goes to the NFL dk Main optimizer keeping every parameter but date and season', () => {
    expect(embeddedRedirect('')).toBe(EMBEDDED_TARGET);
    expect(embeddedRedirect('?token=abc&id=7&date=2023-09-10&season=2023')).toBe(`${EMBEDDED_TARGET}?token=abc&id=7`);
    expect(embeddedRedirect('?season=2023')).toBe(EMBEDDED_TARGET);
    expect(embeddedRedirect('?tag=a&tag=b')).toBe(`${EMBEDDED_TARGET}?tag=a&tag=b`);
  });
});
