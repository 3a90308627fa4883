import { describe, expect, it } from 'vitest';
import { shortPlayerName } from './shortName';

describe('shortPlayerName', () => {
  it('writes the first initial and the last name, without a suffix', () => {
    expect(shortPlayerName({ Name: 'Patrick Mahomes II', Position: 'QB' })).toBe('P. Mahomes');
    expect(shortPlayerName({ Name: 'Odell Beckham Jr.', Position: 'WR' })).toBe('O. Beckham');
    expect(shortPlayerName({ Name: 'Amon-Ra St. Brown', Position: 'WR' })).toBe('A. St. Brown');
  });
  it('keeps a one-word name and names a defense by its team', () => {
    expect(shortPlayerName({ Name: 'Nene', Position: 'C' })).toBe('Nene');
    expect(shortPlayerName({ Name: 'Atlanta Falcons', Position: 'DST', TeamAbbrev: 'ATL' })).toBe('ATL DST');
  });
});
