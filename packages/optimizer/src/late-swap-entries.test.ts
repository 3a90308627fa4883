// The entries round trip: a DKEntries.csv of three contests is filled with built lineups
// (in order, or the user's pick per contest) and written back; then, during the slate, the
// filled file is late-swapped entry by entry against a salary file downloaded live.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entriesOtherSlateMessage, getRoster, isLineupNote } from '@stacksmith/domain';
import { collect, NO_RANDOM as NO_RANDOMNESS } from '../test-support/lineup-checks.js';
import { NO_STACKS } from '../test-support/stack-checks.js';
import { fillEntries } from './io/entries-fill.js';
import { readSlateFile, writeEntriesCsv, type SlateFile } from './io/slate-file.js';
import { lateSwapEntries } from './late-swap-entries.js';
import { InputError, type PoolPlayer } from './types.js';

const sample = (name: string) => readFileSync(new URL(`./io/fixtures/slates/${name}`, import.meta.url), 'utf8');
const roster = getRoster('nfl', 'dk', 'classic');
const base = { sport: 'nfl', site: 'dk', contestType: 'classic' } as const;
/** Plain rules, so that lineup 1 is the optimum whether built or late-swapped. */
const NO_RANDOM = { ...NO_STACKS, ...NO_RANDOMNESS };

/** The pool before kick-off: the live file's players with no game state (every game to come). */
function pregame(file: SlateFile): PoolPlayer[] {
  // The late games' players rated higher before kick-off, so that entries mix early and late games.
  return file.players.map(({ GameState: state, ...p }) => (state ? { ...p, GameStart: '2023-09-10T13:00:00-04:00' } : { ...p, ProjPts: p.ProjPts + 3 }));
}

async function filledFile(byContest?: Record<string, number[]>) {
  const file = readSlateFile(sample('DKEntries-nfl-classic.csv'), 'DKEntries.csv', roster);
  const players = pregame(file);
  const { lineups } = await collect({ ...base, players, settings: { numLUs: 7, ...NO_RANDOM }, seed: 1 });
  const filled = fillEntries(file.entries, lineups, roster, byContest ? { byContest } : {});
  return { file, players, lineups, filled, csv: writeEntriesCsv(file, filled.entries) };
}

describe('fill an entries file', () => {
  it('fills every empty entry in order and keeps the entry columns exactly', async () => {
    const { file, filled, csv, lineups } = await filledFile();
    expect(filled).toMatchObject({ filled: 7, unfilled: 0, unusedLineups: 0 });
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('Entry ID,Contest Name,Contest ID,Entry Fee,QB,RB,RB,WR,WR,WR,TE,FLEX,DST');
    expect(lines[4]).toMatch(/^4100000004,NFL \$20 Millionaire Maker \[\$1M to 1st\],158000002,\$20\.00,\d+(,\d+){8}$/);
    // Read back: the same entries, each holding the lineup of its turn.
    const again = readSlateFile(`${csv}`, 'filled.csv', roster, { checkSite: false });
    expect(again.entries.map((e) => [e.entryId, e.contestName, e.contestId, e.entryFee])).toEqual(file.entries.map((e) => [e.entryId, e.contestName, e.contestId, e.entryFee]));
    again.entries.forEach((e, i) => expect(new Set(e.players)).toEqual(new Set(lineups[i]!.slots.map((s) => s.player.Id))));
  });

  it('puts the lineups the user picked into each contest, the rest in order', async () => {
    const { filled, lineups } = await filledFile({ 158000003: [5, 0] });
    const ids = (k: number) => new Set(lineups[k]!.slots.map((s) => s.player.Id));
    const got = filled.entries.map((e) => new Set(e.players));
    expect(got[5]).toEqual(ids(5));
    expect(got[6]).toEqual(ids(0));
    expect(got[0]).toEqual(ids(1)); // the first contest takes the lineups not picked, in order
    expect(got[4]).toEqual(ids(6));
  });
});

describe('late swap of a filled entries file', () => {
  it('swaps entry by entry; started players stay; an entry with nothing better says why; other entries go on', async () => {
    const { csv, players } = await filledFile();
    const filled = readSlateFile(csv.replace(/\n$/, ''), 'DKEntries-filled.csv', roster, { checkSite: false });
    // During the slate: BUF@NYJ is final, DET@KC in progress (the live salary file).
    const live = readSlateFile(sample('dk-nfl-classic-live.csv'), 'DKSalaries.csv', roster).players;
    // Make a late player much better so that open slots have something to gain.
    const boosted = live.map((p) => (p.Name === 'Jordan Mason' ? { ...p, ProjPts: 40 } : p));
    const { results } = await lateSwapEntries({ ...base, players: boosted, settings: { ...NO_RANDOM }, now: '2023-09-10T15:00:00-04:00' }, filled.entries);
    expect(results).toHaveLength(7);
    const started = new Set(live.filter((p) => p.GameState === 'in-progress' || p.GameState === 'final').map((p) => p.Id));
    results.forEach((r) => {
      expect(r.entry.entryId).toMatch(/^41000000\d\d$/);
      // Started players keep their slot.
      r.entry.players.forEach((id, s) => { if (started.has(id)) expect(r.players[s]).toBe(id); });
      if (r.status !== 'swapped') expect(r.reason).toBeTruthy();
    });
    expect(results.some((r) => r.status === 'swapped' && r.players.includes(boosted.find((p) => p.Name === 'Jordan Mason')!.Id))).toBe(true);
    expect(players.length).toBe(live.length);
  });

  it('an entry the rules leave no room is kept with its note as the reason, by code, and the note is not among the file\'s warnings', async () => {
    const { csv } = await filledFile();
    const filled = readSlateFile(csv, 'DKEntries-filled.csv', roster, { checkSite: false });
    const live = readSlateFile(sample('dk-nfl-classic-live.csv'), 'DKSalaries.csv', roster).players;
    // The first entry's first player has started, priced over the cap: that entry fits no lineup, and is kept as it was.
    const startedIds = new Set([filled.entries[0]!.players[0]!]);
    const dear = live.map((p) => (startedIds.has(p.Id) ? { ...p, GameState: 'in-progress' as const, Salary: roster.salaryCap + 1 } : p));
    const { results, warnings } = await lateSwapEntries({ ...base, players: dear, settings: { ...NO_RANDOM }, now: '2023-09-10T15:00:00-04:00' }, filled.entries);
    const over = results.filter((r) => r.entry.players.some((id) => startedIds.has(id)));
    expect(over.length).toBeGreaterThan(0);
    for (const r of over) expect(r).toMatchObject({ status: 'unchanged', players: r.entry.players, reason: { code: 'kept-as-it-was', params: {} } });
    // Lineup notes travel on their entry: none is left among the warnings about the whole file.
    expect(warnings.filter(isLineupNote)).toEqual([]);
  });

  it('an entry that cannot be re-optimised stays as it was with the reason, and never stops the others', async () => {
    const { csv } = await filledFile();
    const filled = readSlateFile(csv, 'DKEntries-filled.csv', roster, { checkSite: false });
    const live = readSlateFile(sample('dk-nfl-classic-live.csv'), 'DKSalaries.csv', roster).players;
    // Entry 2 names a player the salary file lost.
    const gone = filled.entries[1]!.players[0]!;
    const players = live.filter((p) => p.Id !== gone);
    const { results } = await lateSwapEntries({ ...base, players, settings: { ...NO_RANDOM }, now: '2023-09-10T15:00:00-04:00' }, filled.entries);
    expect(results[1]).toMatchObject({ status: 'kept', players: filled.entries[1]!.players });
    expect(results[1]!.reason).toEqual({ code: 'entry-players-not-in-salary-file', params: { players: [gone] } });
    results.forEach((r) => {
      if (r.entry.players.includes(gone)) expect(r).toMatchObject({ status: 'kept', reason: { code: 'entry-players-not-in-salary-file', params: { players: [gone] } } });
      else expect(['swapped', 'unchanged']).toContain(r.status);
    });
    expect(results.some((r) => r.status !== 'kept')).toBe(true);
  });

  it('an entry already the best stays unchanged with the reason', async () => {
    const { csv } = await filledFile();
    const filled = readSlateFile(csv, 'DKEntries-filled.csv', roster, { checkSite: false });
    const { players } = await filledFile();
    // Nothing has started and nothing changed: lineup 1 is already the optimum.
    const { results } = await lateSwapEntries({ ...base, players, settings: { ...NO_RANDOM }, now: '2023-09-10T09:00:00-04:00' }, filled.entries.slice(0, 1));
    expect(results[0]).toMatchObject({ status: 'unchanged', reason: { code: 'entry-no-better-lineup', params: {} } });
    expect(results[0]!.players).toEqual(filled.entries[0]!.players);
  });

  it('refuses an entries file of another slate with a clear message', async () => {
    const { csv } = await filledFile();
    const filled = readSlateFile(csv, 'DKEntries-filled.csv', roster, { checkSite: false });
    const otherSlate = readSlateFile(sample('dk-nfl-classic-live.csv'), 'DKSalaries.csv', roster).players
      .map((p) => ({ ...p, Id: String(Number(p.Id) + 5000) }));
    const error = await lateSwapEntries({ ...base, players: otherSlate, settings: {} }, filled.entries, { fileName: 'DKEntries-filled.csv' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    const named = filled.entries.flatMap((e) => e.players);
    expect((error as Error).message).toBe(entriesOtherSlateMessage('DKEntries-filled.csv', named.length, named.length, [...new Set(named)].slice(0, 3)));
  });

  it('a player DraftKings marks (LOCKED) keeps his slot whatever the clock says', async () => {
    const { csv, players } = await filledFile();
    const filled = readSlateFile(csv, 'DKEntries-filled.csv', roster, { checkSite: false });
    const entry = filled.entries[0]!;
    // The file as DraftKings writes it during the slate: 'Name (Id) (LOCKED)' in slot 1.
    const lockedCell = `Someone (${entry.players[0]}) (LOCKED)`;
    const text = csv.replace(`${entry.entryId},NFL $5 Double Up,158000001,$5.00,${entry.players[0]},`, `${entry.entryId},NFL $5 Double Up,158000001,$5.00,${lockedCell},`);
    const relocked = readSlateFile(text, 'DKEntries-live.csv', roster, { checkSite: false });
    expect(relocked.entries[0]!.locked[0]).toBe(true);
    // Before any kick-off, with that QB much worse now: only the lock keeps him.
    const worse = players.map((p) => (p.Id === entry.players[0] ? { ...p, ProjPts: 0 } : p));
    const { results } = await lateSwapEntries({ ...base, players: worse, settings: { ...NO_RANDOM }, now: '2023-09-10T09:00:00-04:00' }, relocked.entries.slice(0, 1));
    expect(results[0]!.players[0]).toBe(entry.players[0]);
    const { results: unlocked } = await lateSwapEntries({ ...base, players: worse, settings: { ...NO_RANDOM }, now: '2023-09-10T09:00:00-04:00' }, filled.entries.slice(0, 1));
    expect(unlocked[0]!.players[0]).not.toBe(entry.players[0]);
  });
});
