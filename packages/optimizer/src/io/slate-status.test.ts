// Player status from every column the sites write, and started games, on sample files written
// for these tests in the sites' 2026 layouts: DraftKings salary files with Status and (mlb)
// Starting, FanDuel mlb lists with Probable Pitcher, Batting Order and Injury Indicator, a
// DraftKings list and entries file downloaded mid-slate (Final, In Progress, LOCKED), a FanDuel
// entries file with a null FPPG, and an mma card with multi-word names. Each is built, and every
// lineup is checked against the roster and against what the site refuses, apart from the code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coded, getRoster, renderMessage, isExcludedByStatus, playerStatusBadge, resolveSettings, statusWarnings, type RosterSpec } from '@stacksmith/domain';
import { collect, lineupProblems, NO_RANDOM } from '../../test-support/lineup-checks.js';
import { lateSwapEntries } from '../late-swap-entries.js';
import type { Lineup, PoolPlayer } from '../types.js';
import { matchProjections, readProjectionRows } from './projection-match.js';
import { readSlateFile } from './slate-file.js';

const sample = (name: string) => readFileSync(new URL(`./fixtures/slates/${name}`, import.meta.url), 'utf8');
const byName = (players: readonly PoolPlayer[], name: string) => {
  const found = players.find((p) => p.Name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

async function build(roster: RosterSpec, players: PoolPlayer[], extra: { now?: string; practice?: boolean; numLUs?: number } = {}) {
  const settings = { numLUs: extra.numLUs ?? 6, ...NO_RANDOM };
  const { lineups, batches } = await collect({
    sport: roster.sport, site: roster.site, contestType: roster.contestType, players, settings, seed: 5,
    ...(extra.now ? { now: extra.now } : {}), ...(extra.practice ? { practice: true } : {}),
  });
  const resolved = resolveSettings(roster.sport, roster.site, roster.contestType, settings);
  for (const lineup of lineups) expect(lineupProblems(roster, lineup, { minSal: resolved.minSal, maxSal: resolved.maxSal, pool: players })).toEqual([]);
  return { lineups, warnings: batches.flatMap((b) => b.warnings) };
}

const names = (lineups: readonly Lineup[]) => new Set(lineups.flatMap((l) => l.slots.map((s) => s.player.Name)));

describe('DraftKings mlb 2026: Status and Starting', () => {
  const roster = getRoster('mlb', 'dk', 'classic');
  const players = readSlateFile(sample('dk-mlb-2026-status.csv'), 'DKSalaries.csv', roster).players;

  it('reads Status (IL, OUT, NA out; Q and DTD in) and Starting (SP, batting order)', () => {
    expect(byName(players, 'Wade Lindqvist')).toMatchObject({ Status: 'injured-reserve', MaxExp: 0 });
    expect(byName(players, 'Elijah Quarles')).toMatchObject({ Status: 'out', MaxExp: 0 });
    expect(byName(players, 'Zion Wendell')).toMatchObject({ Status: 'not-active', MaxExp: 0 });
    expect(byName(players, 'Isaiah Fontaine')).toMatchObject({ Status: 'questionable', Starting: 'starting' });
    expect(byName(players, 'Isaiah Fontaine').MaxExp).toBeUndefined();
    expect(playerStatusBadge(byName(players, 'Isaiah Fontaine'))).toMatchObject({ label: 'Q', excluded: false });
    const sd = players.filter((p) => p.TeamAbbrev === 'SD');
    // The IL hitter's place (3) is empty: DraftKings drops him from the order.
    expect(sd.filter((p) => p.BattingOrder !== undefined).map((p) => p.BattingOrder).sort()).toEqual([1, 2, 4, 5, 6, 7, 8, 9]);
  });

  it('a pitcher the file does not list as starting is excluded (a multi-word name too); a team with nothing posted keeps its pitchers', () => {
    const pitchers = players.filter((p) => p.Position === 'P');
    expect(pitchers.filter((p) => p.Starting === 'starting')).toHaveLength(5); // Houston has not posted
    expect(byName(players, 'Jose Miguel Delgado')).toMatchObject({ TeamAbbrev: 'SD', Starting: 'not-starting', MaxExp: 0 });
    expect(pitchers.filter((p) => p.TeamAbbrev === 'HOU').every((p) => p.Starting === undefined && p.MaxExp === undefined)).toBe(true);
    const benched = players.filter((p) => p.Starting === 'not-in-lineup');
    expect(benched.every((p) => p.TeamAbbrev !== 'HOU' && p.Position !== 'P')).toBe(true);
    expect(players.filter((p) => p.TeamAbbrev === 'HOU').some((p) => p.Starting === 'not-in-lineup')).toBe(false);
    const warnings = statusWarnings(players);
    expect(warnings).toHaveLength(3);
    expect(warnings.map((w) => w.code)).toEqual(['excluded-by-status', 'not-starting-pitchers', 'not-in-batting-order']);
    expect(renderMessage(warnings[0]!)).toBe('3 players excluded (Max Exp 0) as out, injured, not active, suspended, in a postponed game or without a game: '
      + 'Wade Lindqvist (IR), Elijah Quarles (O), Zion Wendell (NA). Set a Max Exp to include them.');
    expect(renderMessage(warnings[1]!)).toMatch(/^10 pitchers excluded \(Max Exp 0\) as not the listed starting pitcher: .*Jose Miguel Delgado/);
    expect(renderMessage(warnings[2]!)).toMatch(/^10 hitters are not in the posted batting order: .*\. They stay in the pool\.$/);
  });

  it('builds lineups without out players or pitchers who will not pitch', async () => {
    const { lineups } = await build(roster, players);
    expect(lineups).toHaveLength(6);
    for (const lineup of lineups) {
      for (const { player } of lineup.slots) {
        expect(isExcludedByStatus(player), player.Name).toBe(false);
        if (player.Position === 'P') expect(player.Starting === 'starting' || player.TeamAbbrev === 'HOU', player.Name).toBe(true);
      }
      // DraftKings classic: players from at least two games.
      expect(new Set(lineup.slots.map((s) => [s.player.TeamAbbrev, s.player.Opp].sort().join('@'))).size).toBeGreaterThan(1);
    }
  });

  it('the user brings a pitcher back with Max Exp', async () => {
    const back = players.map((p) => (p.Name === 'Jose Miguel Delgado' ? { ...p, MaxExp: 100, MinExp: 100 } : p));
    const { lineups } = await build(roster, back, { numLUs: 2 });
    expect(lineups.every((l) => l.slots.some((s) => s.player.Name === 'Jose Miguel Delgado'))).toBe(true);
    expect(statusWarnings(back).join(' ')).not.toMatch(/Jose Miguel Delgado/);
  });

  it('a projection row written SDP matches the slate\'s SD', () => {
    const rows = readProjectionRows('Player,Team,Pos,Projection\nJose Miguel Delgado,SDP,SP,17.5\n', 'proj.csv');
    const report = matchProjections(rows, players);
    expect(report.unmatched).toEqual([]);
    expect(report.matched).toMatchObject([{ playerName: 'Jose Miguel Delgado', by: 'name' }]);
  });
});

describe('FanDuel mlb: Probable Pitcher, Batting Order, Injury Indicator, null FPPG', () => {
  const roster = getRoster('mlb', 'fd', 'classic');
  const file = readSlateFile(sample('fd-mlb-probable-pitchers.csv'), 'FanDuel-MLB.csv', roster);
  const players = file.players;

  it('reads the columns', () => {
    expect(players).toHaveLength(84);
    expect(byName(players, 'Derrick Orr')).toMatchObject({ Status: 'injured-reserve', MaxExp: 0, Starting: 'not-in-lineup' });
    expect(byName(players, 'Tyler Pruitt')).toMatchObject({ Status: 'out', MaxExp: 0 });
    expect(byName(players, 'Lamar Vance')).toMatchObject({ Status: 'day-to-day' });
    const probables = players.filter((p) => p.Starting === 'starting' && p.Position === 'P');
    expect(probables).toHaveLength(5);
    expect(players.filter((p) => p.Position === 'P' && p.Starting === 'not-starting')).toHaveLength(10);
    expect(players.filter((p) => p.TeamAbbrev === 'HOU').every((p) => p.Starting === undefined)).toBe(true);
  });

  it('a null or blank FPPG is a player without points (0, warned), never a refused file', () => {
    expect(byName(players, 'Wade Whitaker').ProjPts).toBe(0);
    expect(byName(players, 'Caleb Kowalski').ProjPts).toBe(0);
    expect(file.warnings).toEqual([coded('no-season-points', { fileName: 'FanDuel-MLB.csv', players: ['Wade Whitaker', 'Caleb Kowalski'] })]);
    expect(file.warnings.map(renderMessage)).toEqual([
      'FanDuel-MLB.csv: 2 players have no points in the file (a blank or null FPPG or AvgPointsPerGame): read as 0 until projections come: Wade Whitaker, Caleb Kowalski.',
    ]);
  });

  it('builds lineups of probable pitchers and available hitters', async () => {
    const { lineups } = await build(roster, players);
    for (const lineup of lineups) {
      for (const { player } of lineup.slots) {
        expect(isExcludedByStatus(player), player.Name).toBe(false);
        if (player.Position === 'P') expect(player.Starting === 'starting' || player.TeamAbbrev === 'HOU').toBe(true);
      }
    }
  });
});

describe('a DraftKings nfl list downloaded mid-slate', () => {
  const roster = getRoster('nfl', 'dk', 'classic');
  const players = readSlateFile(sample('dk-nfl-midslate-2026.csv'), 'DKSalaries.csv', roster).players;
  const early = new Set(['MIA', 'NE', 'DAL', 'NYG']); // Final and In Progress in the file
  const teamsOf = (lineups: readonly Lineup[]) => new Set(lineups.flatMap((l) => l.slots.map((s) => s.player.TeamAbbrev)));

  it('reads Final and In Progress as started, and the 2026 Status column', () => {
    expect(players.filter((p) => p.GameState === 'final').map((p) => p.TeamAbbrev)).toEqual(Array(16).fill(0).map((_, i) => (i < 8 ? 'MIA' : 'NE')));
    expect(players.filter((p) => p.GameState === 'in-progress')).toHaveLength(16);
    expect(byName(players, 'Yusuf Hargrove')).toMatchObject({ Status: 'out', MaxExp: 0 });
    expect(byName(players, 'Caleb Rhodes')).toMatchObject({ Status: 'injured-reserve', MaxExp: 0 });
    expect(byName(players, 'Andre Zamora')).toMatchObject({ Status: 'questionable' });
    expect(playerStatusBadge(byName(players, 'Grant Stroud'))).toMatchObject({ label: 'Final', excluded: true });
  });

  it('during the slate: a fresh build leaves out marked games and games past their start, and says how many', async () => {
    // 4:15 pm New York: KC@DEN (4:05) has started by the clock; SF@SEA (4:25) and BUF@PIT (8:20) have not.
    const { lineups, warnings } = await build(roster, players, { now: '2026-11-29T16:15:00-05:00' });
    expect(lineups).toHaveLength(6);
    expect([...teamsOf(lineups)].filter((t) => early.has(t) || t === 'KC' || t === 'DEN')).toEqual([]);
    expect(warnings).toContainEqual(coded('started-players-left-out', { count: 48 }));
    expect(warnings.map(renderMessage)).toContain('48 players left out: their games have started (In Progress, Final, LOCKED or past the start time), and the site does not let a started player be added.');
    const chosen = names(lineups);
    for (const out of ['Yusuf Hargrove', 'Caleb Rhodes']) expect(chosen.has(out)).toBe(false);
  });

  it('before the first game time and on a past slate only the file\'s marks count; a demo slate is practice', async () => {
    const before = await build(roster, players, { now: '2026-11-29T12:00:00-05:00' });
    expect([...teamsOf(before.lineups)].filter((t) => early.has(t))).toEqual([]);
    expect(before.warnings).toContainEqual(coded('started-players-left-out', { count: 32 }));
    expect(before.warnings.map(renderMessage)).toContain('32 players left out: their games have started (In Progress, Final, LOCKED or past the start time), and the site does not let a started player be added.');
    const past = await build(roster, players, { now: '2026-12-02T12:00:00-05:00' });
    expect([...teamsOf(past.lineups)].filter((t) => early.has(t))).toEqual([]);
    expect(teamsOf(past.lineups).has('KC') || teamsOf(past.lineups).has('DEN')).toBe(true);
    const practice = await build(roster, players, { now: '2026-11-29T16:15:00-05:00', practice: true });
    expect(practice.warnings).toContainEqual(coded('started-players-left-out', { count: 32 }));
  });
});

describe('a DraftKings entries file downloaded mid-slate (LOCKED cells)', () => {
  const roster = getRoster('nfl', 'dk', 'classic');
  const file = readSlateFile(sample('DKEntries-nfl-midslate-2026.csv'), 'DKEntries.csv', roster);

  it('reads LOCKED players as started and the entries with their cells', () => {
    expect(file.entries).toHaveLength(4);
    expect(file.entries[0]!.locked).toEqual([true, true, false, true, false, false, false, true, false]);
    expect(file.entries[3]!.entryFee).toBe('$1.00');
    expect(byName(file.players, 'Grant Stroud').GameState).toBe('final');
    expect(byName(file.players, 'Zion Saldana').GameState).toBeUndefined();
  });

  it('a fresh build never uses a started player; late swap keeps them where they stand', async () => {
    const { lineups } = await build(roster, file.players, { now: '2026-11-29T14:00:00-05:00' });
    for (const lineup of lineups) for (const { player } of lineup.slots) expect(player.GameState, player.Name).toBeUndefined();
    const request = {
      sport: roster.sport, site: roster.site, contestType: roster.contestType, players: file.players,
      settings: { ...NO_RANDOM }, now: '2026-11-29T14:00:00-05:00',
    };
    const { results } = await lateSwapEntries(request, file.entries, { fileName: 'DKEntries.csv' });
    expect(results).toHaveLength(4);
    for (const [i, entry] of file.entries.entries()) {
      entry.players.forEach((id, slot) => {
        if (entry.locked[slot]) expect(results[i]!.players[slot], `entry ${entry.entryId} slot ${slot}`).toBe(id);
      });
    }
  });
});

describe('a FanDuel entries file with a null FPPG', () => {
  it('reads the player as 0 points with a warning, and builds', async () => {
    const roster = getRoster('nfl', 'fd', 'classic');
    const file = readSlateFile(sample('fd-nfl-entries-null-fppg.csv'), 'FanDuel-NFL-entries.csv', roster);
    expect(file.warnings).toHaveLength(1);
    expect(renderMessage(file.warnings[0]!)).toMatch(/^FanDuel-NFL-entries\.csv: 2 players have no points in the file .*: Israel Abanikanda, Stefon Diggs\.$/);
    expect(byName(file.players, 'Stefon Diggs').ProjPts).toBe(0);
    const { lineups } = await build(roster, file.players, { numLUs: 3 });
    expect(lineups).toHaveLength(3);
  });
});

describe('mma: bouts from Game Info matched by the file\'s own names', () => {
  const roster = getRoster('mma', 'dk', 'classic');
  const text = sample('dk-mma-2026.csv');
  const players = readSlateFile(text, 'DKSalaries.csv', roster).players;

  it('each fighter\'s opponent is the other fighter\'s full name, multi-word names too', () => {
    expect(byName(players, 'Jose Miguel Delgado')).toMatchObject({ Opp: 'Tatsuro Taira', Status: 'out', MaxExp: 0 });
    expect(byName(players, 'Tatsuro Taira').Opp).toBe('Jose Miguel Delgado');
    expect(byName(players, 'Ana Paula Souza').Opp).toBe('Maria Jose Oliveira');
    expect(byName(players, 'Jack Della Maddalena').Opp).toBe('Islam Makhachev');
  });

  it('no lineup holds both fighters of a bout (bouts read from the file apart from the reader)', async () => {
    // The bout of each row, by its Game Info cell (column 7), read here with a plain split.
    const bout = new Map(text.trim().split(/\r?\n/).slice(1).map((line) => [line.split(',')[2]!, line.split(',')[6]!]));
    const { lineups } = await build(roster, players, { numLUs: 10 });
    expect(lineups).toHaveLength(10);
    for (const lineup of lineups) {
      const bouts = lineup.slots.map((s) => bout.get(s.player.Name));
      expect(new Set(bouts).size, bouts.join(' | ')).toBe(6);
    }
  });
});
