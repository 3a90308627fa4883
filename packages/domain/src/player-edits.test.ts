import { describe, expect, it } from 'vitest';
import {
  UnknownPlayerError, applyBoostStep, applyExposureEdit, applyPlayerOverride, applyPlayerOverrides, applyProjectionEdit, playerOverride, boostPlayer, clampLineupCount, editExposure, lineupCounts, editProjection, exposureInputText, isPlayerTableUnmodified,
  lockPlayer, normalizeNumericInput, parseNumericInput, primaryPosition, removePlayer, unlockPlayer, zeroExposures,
  type PlayerRow,
} from './player-edits.js';

const player = (overrides: Partial<PlayerRow> = {}): PlayerRow => ({
  Id: '1', Name: 'Josh Allen', Position: 'QB', TeamAbbrev: 'BUF', Opp: 'NYJ', Salary: 8000,
  ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100, ...overrides,
});

const table = (): PlayerRow[] => [
  player(),
  player({ Id: '2', Name: 'Stefon Diggs', Position: 'WR', Salary: 7500, ProjPts: 16, ProjOwn: 18, HouseOwn: null }),
];

describe('text inputs', () => {
  it('turns a lone dot into "0."', () => {
    expect(normalizeNumericInput('.')).toBe('0.');
    expect(normalizeNumericInput('5.')).toBe('5.');
    expect(normalizeNumericInput('')).toBe('');
  });

  it('shows exposures of 0 or less as empty', () => {
    expect(exposureInputText(0)).toBe('');
    expect(exposureInputText(-3)).toBe('');
    expect(exposureInputText(null)).toBe('');
    expect(exposureInputText('0')).toBe('');
    expect(exposureInputText(25)).toBe('25');
    expect(exposureInputText('.')).toBe('');
    expect(exposureInputText('12.')).toBe('12.');
  });

  it('reads an empty string as null and junk as NaN', () => {
    expect(parseNumericInput('')).toBeNull();
    expect(parseNumericInput(' 7.5 ')).toBe(7.5);
    expect(parseNumericInput('.')).toBe(0);
    expect(parseNumericInput('abc')).toBeNaN();
  });

  it('reads the first position with defence spellings as DST', () => {
    expect(primaryPosition('RB/WR')).toBe('RB');
    expect(primaryPosition('D')).toBe('DST');
    expect(primaryPosition('DEF')).toBe('DST');
    expect(primaryPosition('dst')).toBe('DST');
  });
});

describe('projection edits', () => {
  it('sets User Proj, storing the house projection', () => {
    const [edited] = editProjection(table(), '1', { UserProj: '24' });
    expect(edited).toMatchObject({ UserProj: 24, ProjPts: 24, HouseProjPts: 20 });
  });

  it('restores the house projection when User Proj is cleared', () => {
    const once = editProjection(table(), '1', { UserProj: '24' });
    const twice = editProjection(once, '1', { UserProj: '30' });
    expect(twice[0]).toMatchObject({ ProjPts: 30, HouseProjPts: 20 });
    const cleared = editProjection(twice, '1', { UserProj: '' });
    expect(cleared[0]).toMatchObject({ UserProj: null, ProjPts: 20, HouseProjPts: 20 });
  });

  it('sets and clears User Own, restoring the house ownership only if it exists', () => {
    const edited = editProjection(table(), '1', { UserOwn: 30 });
    expect(edited[0]).toMatchObject({ UserOwn: 30, ProjOwn: 30, HouseOwn: 10 });
    expect(editProjection(edited, '1', { UserOwn: '' })[0]).toMatchObject({ UserOwn: null, ProjOwn: 10 });

    const noHouse = [player({ Id: '9', ProjOwn: 40, UserOwn: 40, HouseOwn: null })];
    expect(editProjection(noHouse, '9', { UserOwn: null })[0]).toMatchObject({ UserOwn: null, ProjOwn: 40 });
  });

  it('ignores invalid edits, returning the same array', () => {
    const players = table();
    expect(editProjection(players, '1', { UserProj: -1 })).toBe(players);
    expect(editProjection(players, '1', { UserProj: 'abc' })).toBe(players);
    expect(editProjection(players, '1', { UserOwn: 101 })).toBe(players);
    expect(editProjection(players, '1', { UserProj: 10, UserOwn: -5 })).toBe(players);
    expect(editProjection(players, '1', { UserOwn: 100 })).not.toBe(players);
    expect(editProjection(players, '1', { UserProj: 0 })[0]?.ProjPts).toBe(0);
  });

  it('throws for an unknown player', () => {
    expect(() => editProjection(table(), 'nope', { UserProj: 3 })).toThrow(UnknownPlayerError);
  });

  it('keeps the boost when the projection is edited', () => {
    const boosted = boostPlayer(table(), '1', 1);
    const edited = editProjection(boosted, '1', { UserProj: 10 });
    expect(edited[0]?.ProjPts).toBeCloseTo(10.5);
    expect(editProjection(edited, '1', { UserProj: '' })[0]?.ProjPts).toBeCloseTo(21);
  });

  it('does not mutate the input', () => {
    const players = table();
    editProjection(players, '1', { UserProj: 5, UserOwn: 5 });
    expect(players[0]).toEqual(player());
  });
});

describe('exposure edits', () => {
  it('accepts each value within 0..100', () => {
    const [edited] = editExposure(table(), '1', { MinExp: '10', MaxExp: 60 });
    expect(edited).toMatchObject({ MinExp: 10, MaxExp: 60 });
    expect(editExposure(table(), '1', { MaxExp: '' })[0]?.MaxExp).toBe(0);
  });

  it('ignores values outside 0..100', () => {
    const players = table();
    expect(editExposure(players, '1', { MinExp: -1 })).toBe(players);
    expect(editExposure(players, '1', { MaxExp: 100.5 })).toBe(players);
    expect(editExposure(players, '1', { MinExp: 10, MaxExp: 150 })).toBe(players);
    expect(editExposure(players, '1', { MaxExp: 'x' })).toBe(players);
  });

  it('throws for an unknown player id', () => {
    expect(() => editExposure(table(), '42', { MinExp: 5 })).toThrow('Unknown player id: 42');
    expect(() => editExposure(table(), '42', { MinExp: 5 })).toThrow(expect.objectContaining({ coded: { code: 'unknown-player-id', params: { id: '42' } } }));
  });

  it('locks, unlocks and zeroes', () => {
    expect(lockPlayer(table(), '2')[1]).toMatchObject({ MinExp: 100, MaxExp: 100 });
    expect(removePlayer(table(), '2')[1]).toMatchObject({ MinExp: 0, MaxExp: 0 });
    expect(unlockPlayer(lockPlayer(table(), '1'), '1')[0]).toMatchObject({ MinExp: 0, MaxExp: 0 });
    expect(zeroExposures(table()).every((p) => p.MinExp === 0 && p.MaxExp === 0)).toBe(true);
    expect(() => lockPlayer(table(), '3')).toThrow(UnknownPlayerError);
  });
});

describe('boost', () => {
  it('moves the projection 5 % per click from the house value', () => {
    let players = table();
    players = boostPlayer(players, '1', 1);
    expect(players[0]).toMatchObject({ Boost: 1, HouseProjPts: 20 });
    expect(players[0]?.ProjPts).toBeCloseTo(21);
    players = boostPlayer(players, '1', 1);
    expect(players[0]?.ProjPts).toBeCloseTo(22);
    players = boostPlayer(boostPlayer(players, '1', -1), '1', -1);
    expect(players[0]?.Boost).toBe(0);
    expect(players[0]?.ProjPts).toBeCloseTo(20);
  });

  it('is clamped to −5..5', () => {
    let players = table();
    for (let i = 0; i < 8; i++) players = boostPlayer(players, '2', -1);
    expect(players[1]?.Boost).toBe(-5);
    expect(players[1]?.ProjPts).toBeCloseTo(12);
    expect(boostPlayer(players, '2', -1)).toBe(players);
    for (let i = 0; i < 12; i++) players = boostPlayer(players, '2', 1);
    expect(players[1]?.Boost).toBe(5);
    expect(players[1]?.ProjPts).toBeCloseTo(20);
  });

  it('boosts a user projection', () => {
    const edited = editProjection(table(), '1', { UserProj: 30 });
    expect(boostPlayer(edited, '1', -1)[0]?.ProjPts).toBeCloseTo(28.5);
  });
});

describe('Player Table must be modified', () => {
  it('is true for an untouched table', () => {
    expect(isPlayerTableUnmodified(table())).toBe(true);
    expect(isPlayerTableUnmodified(table().map((p) => ({ ...p, UserProj: null, UserOwn: null })))).toBe(true);
  });

  it('is false once any exposure, projection or ownership is set', () => {
    expect(isPlayerTableUnmodified(editExposure(table(), '1', { MaxExp: 50 }))).toBe(false);
    expect(isPlayerTableUnmodified(editExposure(table(), '1', { MinExp: 5 }))).toBe(false);
    expect(isPlayerTableUnmodified(editProjection(table(), '2', { UserProj: 3 }))).toBe(false);
    expect(isPlayerTableUnmodified(editProjection(table(), '2', { UserOwn: 3 }))).toBe(false);
  });
});

describe('lineup count', () => {
  it('clamps to 0..lineup_limit', () => {
    expect(clampLineupCount(20, { lineupLimit: 150 })).toBe(20);
    expect(clampLineupCount(200, { lineupLimit: 150 })).toBe(150);
    // Saved lineups included: the result holds saved + input, the server builds the rest.
    expect(lineupCounts(3, { lineupLimit: 150, includeSaved: true, savedCount: 2 })).toEqual({ total: 5, toBuild: 3 });
    expect(lineupCounts(3, { lineupLimit: 150, includeSaved: false, savedCount: 2 })).toEqual({ total: 3, toBuild: 3 });
    expect(lineupCounts(10, { lineupLimit: 5, includeSaved: true, savedCount: 2 })).toEqual({ total: 5, toBuild: 3 });
    expect(lineupCounts(1, { lineupLimit: 3, includeSaved: true, savedCount: 4 })).toEqual({ total: 3, toBuild: 0 });
    expect(clampLineupCount(-4, { lineupLimit: 150 })).toBe(0);
    expect(clampLineupCount('abc', { lineupLimit: 150 })).toBe(0);
    expect(clampLineupCount('12.7', { lineupLimit: 20 })).toBe(12);
  });

  it('adds the input to the saved count when saved lineups are included', () => {
    expect(clampLineupCount(20, { lineupLimit: 150, includeSaved: true, savedCount: 10 })).toBe(30);
    expect(clampLineupCount(20, { lineupLimit: 25, includeSaved: true, savedCount: 10 })).toBe(25);
    expect(clampLineupCount(20, { lineupLimit: 150, includeSaved: false, savedCount: 10 })).toBe(20);
  });
});

describe('stored edits', () => {
  const house: PlayerRow = { Id: '1', Name: 'A', Position: 'QB', TeamAbbrev: 'KC', Opp: 'BUF', Salary: 7000, ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100 };
  it('round-trips a projection, ownership, exposure and boost edit', () => {
    let row = applyProjectionEdit(house, { UserProj: '24' });
    row = applyProjectionEdit(row, { UserOwn: '15' });
    row = applyExposureEdit(row, { MinExp: '10', MaxExp: '50' });
    row = applyBoostStep(row, 1);
    const restored = applyPlayerOverride(house, playerOverride(row));
    expect(restored).toMatchObject({ UserProj: 24, UserOwn: 15, ProjOwn: 15, MinExp: 10, MaxExp: 50, Boost: 1 });
    expect(restored.ProjPts).toBeCloseTo(24 * 1.05);
    expect(restored.HouseProjPts).toBe(20);
  });
  it('ignores invalid stored values and unknown ids', () => {
    expect(applyPlayerOverride(house, { Id: '1', UserOwn: 140, MaxExp: 300 })).toMatchObject({ ProjOwn: 10, MaxExp: 100 });
    expect(applyPlayerOverrides([house], new Map([['9', { MinExp: 100 }]]))[0]).toEqual(house);
  });
});

describe('nba minutes override', () => {
  const guard = () => player({ Position: 'PG', ProjPts: 40, ProjMins: 32 });
  it('scales the house projection with the minutes and keeps the house minutes', () => {
    const row = applyProjectionEdit(guard(), { UserMins: '36' });
    expect(row).toMatchObject({ UserMins: 36, HouseMins: 32, ProjMins: 36, HouseProjPts: 40 });
    expect(row.ProjPts).toBeCloseTo(45);
    const back = applyProjectionEdit(row, { UserMins: '' });
    expect(back).toMatchObject({ UserMins: null, ProjMins: 32 });
    expect(back.ProjPts).toBeCloseTo(40);
  });
  it('keeps a typed User Proj, boosts the scaled projection and restores it when User Proj is cleared', () => {
    const typed = applyProjectionEdit(applyProjectionEdit(guard(), { UserProj: 50 }), { UserMins: 16 });
    expect(typed.ProjPts).toBe(50);
    expect(applyProjectionEdit(typed, { UserProj: '' }).ProjPts).toBeCloseTo(20);
    const boosted = applyBoostStep(applyProjectionEdit(guard(), { UserMins: 16 }), 1);
    expect(boosted.ProjPts).toBeCloseTo(20 * 1.05);
  });
  it('ignores minutes outside 0..60, is stored and re-applied, and counts as a table edit', () => {
    expect(applyProjectionEdit(guard(), { UserMins: 61 })).toEqual(guard());
    expect(applyProjectionEdit(guard(), { UserMins: -1 })).toEqual(guard());
    const edited = applyProjectionEdit(guard(), { UserMins: 24 });
    expect(playerOverride(edited).UserMins).toBe(24);
    const reloaded = applyPlayerOverride(guard(), playerOverride(edited));
    expect(reloaded.ProjMins).toBe(24);
    expect(reloaded.ProjPts).toBeCloseTo(30);
    expect(isPlayerTableUnmodified([guard()])).toBe(true);
    expect(isPlayerTableUnmodified([edited])).toBe(false);
  });
});
