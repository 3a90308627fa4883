import { describe, expect, it } from 'vitest';
import {
  applyStatusDefaults, excludedByStatusWarning, isExcludedByStatus, isGameStartedState, parseGameState, parsePlayerStatus, playerStatusBadge,
  startedPlayerIds, startedPlayersWarning, statusWarnings,
} from './player-status.js';
import { renderMessage } from './messages.js';

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
    // A started game leaves the player out of new builds: shown as out.
    expect(playerStatusBadge({ GameState: 'in-progress' })).toMatchObject({ label: 'In Progress', excluded: true });
    expect(playerStatusBadge({ GameState: 'no-game' })).toMatchObject({ label: 'NO GAME', excluded: true });
    expect(playerStatusBadge({})).toBeNull();
    const rows = [
      { Name: 'Cap', Status: 'out' as const, MaxExp: 0 }, { Name: 'Cap', Status: 'out' as const, MaxExp: 0 },
      { Name: 'Back', Status: 'injured-reserve' as const, MaxExp: 30 }, { Name: 'Fine', MaxExp: 0 },
    ];
    expect(excludedByStatusWarning(rows)).toEqual({ code: 'excluded-by-status', params: { players: ['Cap (O)'] } });
    expect(renderMessage(excludedByStatusWarning(rows)!)).toBe('1 player excluded (Max Exp 0) as out, injured, not active, suspended, in a postponed game or without a game: Cap (O). Set a Max Exp to include the player.');
    expect(excludedByStatusWarning(rows.slice(2))).toBeNull();
  });

  it('mlb: a pitcher not listed as starting is excluded by default and named in his own warning; a benched hitter is flagged', () => {
    const rows = [
      { Name: 'Ace', Starting: 'starting' as const }, { Name: 'Long Man', Starting: 'not-starting' as const, MaxExp: 0 },
      { Name: 'Bench Bat', Starting: 'not-in-lineup' as const }, { Name: 'Hurt Arm', Status: 'injured-reserve' as const, Starting: 'not-starting' as const, MaxExp: 0 },
      { Name: 'Back Again', Starting: 'not-starting' as const, MaxExp: 50 },
    ];
    expect(rows.map(isExcludedByStatus)).toEqual([false, true, false, true, true]);
    expect(applyStatusDefaults([{ Name: 'X', Starting: 'not-starting' as const }])[0]).toMatchObject({ MaxExp: 0, MinExp: 0 });
    expect(playerStatusBadge(rows[1]!)).toMatchObject({ label: 'NOT SP', excluded: true });
    expect(playerStatusBadge(rows[2]!)).toMatchObject({ label: 'NOT IN LINEUP', excluded: false });
    expect(playerStatusBadge(rows[3]!)).toMatchObject({ label: 'IR', excluded: true });
    expect(playerStatusBadge({ Status: 'questionable', GameState: 'in-progress' })).toMatchObject({ label: 'In Progress', excluded: true });
    expect(playerStatusBadge({ Status: 'out', GameState: 'final' })).toMatchObject({ label: 'O', excluded: true });
    expect(statusWarnings(rows).map((w) => w.code)).toEqual(['excluded-by-status', 'not-starting-pitchers', 'not-in-batting-order']);
    expect(statusWarnings(rows).map(renderMessage)).toEqual([
      '1 player excluded (Max Exp 0) as out, injured, not active, suspended, in a postponed game or without a game: Hurt Arm (IR). Set a Max Exp to include the player.',
      '1 pitcher excluded (Max Exp 0) as not the listed starting pitcher: Long Man. Set a Max Exp to include the pitcher.',
      '1 hitter is not in the posted batting order: Bench Bat. The hitter stays in the pool.',
    ]);
  });
});

describe('started games', () => {
  const players = [
    { Id: '1', Name: 'Early QB', TeamAbbrev: 'BUF', GameStart: '2026-11-29T13:00:00-05:00' },
    { Id: '2', Name: 'Early Opp', TeamAbbrev: 'NYJ', GameStart: '2026-11-29T13:00:00-05:00' },
    { Id: '3', Name: 'No Time', TeamAbbrev: 'BUF' },
    { Id: '4', Name: 'Late WR', TeamAbbrev: 'KC', GameStart: '2026-11-29T16:25:00-05:00' },
    { Id: '5|CPT', Name: 'Marked', TeamAbbrev: 'DAL', GameState: 'final' as const },
    { Id: '5|FLEX', Name: 'Marked', TeamAbbrev: 'DAL', GameState: 'final' as const },
  ];
  const during = Date.parse('2026-11-29T19:00:00Z'); // 2 pm New York
  it('on a slate being played: the file\'s marks and every game time before now; a team goes as one', () => {
    expect([...startedPlayerIds(players, during, { teams: true })].sort()).toEqual(['1', '2', '3', '5|CPT', '5|FLEX']);
    expect([...startedPlayerIds(players, during)].sort()).toEqual(['1', '2', '5|CPT', '5|FLEX']);
    expect(startedPlayersWarning(players, startedPlayerIds(players, during, { teams: true }))).toEqual({ code: 'started-players-left-out', params: { count: 4 } });
    expect(renderMessage(startedPlayersWarning(players, startedPlayerIds(players, during, { teams: true }))!)).toBe(
      '4 players left out: their games have started (In Progress, Final, LOCKED or past the start time), and the site does not let a started player be added.',
    );
  });
  it('a past slate and a demo slate are practice: only the file\'s marks count', () => {
    expect([...startedPlayerIds(players, Date.parse('2026-12-02T19:00:00Z'), { teams: true })]).toEqual(['5|CPT', '5|FLEX']);
    expect([...startedPlayerIds(players, during, { teams: true, practice: true })]).toEqual(['5|CPT', '5|FLEX']);
    expect(startedPlayersWarning(players, new Set())).toBeNull();
  });
});
