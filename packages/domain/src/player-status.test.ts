import { describe, expect, it } from 'vitest';
import {
  applyStatusDefaults, excludedByStatusWarning, isExcludedByStatus, isGameStartedState, parseGameState, parsePlayerStatus, playerStatusBadge,
} from './player-status.js';

describe('player status', () => {
  it('reads the sites\' spellings', () => {
    expect(['O', 'out', ' IR ', 'NA', 'SUSP', 'Q', 'D', 'GTD', 'DTD', 'IL10', 'P', '', 'XYZ'].map(parsePlayerStatus)).toEqual([
      'out', 'out', 'injured-reserve', 'not-active', 'suspended', 'questionable', 'doubtful', 'day-to-day', 'day-to-day', 'injured-reserve', 'probable',
      undefined, undefined,
    ]);
    expect(['In Progress', 'Final', 'Postponed', '-', 'DET@KC 09/07/2023 08:20PM ET'].map(parseGameState)).toEqual(['in-progress', 'final', 'postponed', 'no-game', undefined]);
  });

  it('excludes out, IR, not active, suspended and postponed by default; the file\'s own MaxExp wins', () => {
    const players = [
      { Name: 'A', Status: 'out' as const }, { Name: 'B', Status: 'questionable' as const }, { Name: 'C', GameState: 'postponed' as const },
      { Name: 'D', GameState: 'final' as const }, { Name: 'E', Status: 'suspended' as const, MaxExp: 40 },
    ];
    const out = applyStatusDefaults(players);
    expect(out.map((p) => p.MaxExp)).toEqual([0, undefined, 0, undefined, 40]);
    expect(out[1]).toBe(players[1]);
    expect(players.map(isExcludedByStatus)).toEqual([true, false, true, false, true]);
    expect(players.map(isGameStartedState)).toEqual([false, false, false, true, false]);
  });

  it('badges and the one warning (a showdown player named once, a player brought back not named)', () => {
    expect(playerStatusBadge({ Status: 'doubtful' })).toEqual({ label: 'D', excluded: false, title: 'D' });
    expect(playerStatusBadge({ GameState: 'postponed' })).toMatchObject({ label: 'PPD', excluded: true });
    expect(playerStatusBadge({ GameState: 'in-progress' })).toMatchObject({ label: 'In Progress', excluded: false });
    expect(playerStatusBadge({ GameState: 'no-game' })).toMatchObject({ label: 'NO GAME', excluded: true });
    expect(playerStatusBadge({})).toBeNull();
    const rows = [
      { Name: 'Cap', Status: 'out' as const, MaxExp: 0 }, { Name: 'Cap', Status: 'out' as const, MaxExp: 0 },
      { Name: 'Back', Status: 'injured-reserve' as const, MaxExp: 30 }, { Name: 'Fine', MaxExp: 0 },
    ];
    expect(excludedByStatusWarning(rows)).toBe('1 player excluded (Max Exp 0) as out, injured, not active, suspended, in a postponed game or without a game: Cap (O). Set a Max Exp to include the player.');
    expect(excludedByStatusWarning(rows.slice(2))).toBeNull();
  });
});
