// After start (late swap): started players never move, the rest is re-optimised under the
// build's rules, one valid lineup out per lineup in, the entry kept; and the entries CSV.
import { getRoster, LATE_SWAP_DK_ONLY, resolveSettings } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { collect, collectFailure, lineupIds, lineupProblems, lineupRows, NO_RANDOM } from '../test-support/lineup-checks.js';
import { benchSlate } from '../test-support/random-pool.js';
import { nflRuleProblems, nflShape, NO_STACKS, partners } from '../test-support/stack-checks.js';
import { entriesToAfterStart, lineupsToEntriesCsv, readEntriesCsv } from './io/entries-csv.js';
import { gameStartMillis } from './late-swap.js';
import { InputError, type BuildRequest, type Lineup } from './types.js';

const NFL = getRoster('nfl', 'dk', 'classic');
const slate = benchSlate('nfl-dk-classic');
// The slate's kick-offs: 13:00, 16:05, 16:25 and 20:20 New York time on 2024-10-13: at
// 13:30 a quarter of the teams have started.
const NOW = '2024-10-13T13:30:00-04:00';
const started = (id: string) => {
  const p = slate.find((q) => q.Id === id)!;
  return gameStartMillis(p.GameStart!)! <= Date.parse(NOW);
};
const request = (extra: Partial<BuildRequest>, settings = {}): BuildRequest => ({
  sport: 'nfl', site: 'dk', contestType: 'classic', players: slate, seed: 4, settings: { ...NO_RANDOM, ...settings }, ...extra,
});

describe('gameStartMillis', () => {
  it('reads offsets, Z and New York times without an offset', () => {
    expect(gameStartMillis('2024-10-13T13:00:00-04:00')).toBe(Date.parse('2024-10-13T17:00:00Z'));
    expect(gameStartMillis('2024-10-13T13:00:00')).toBe(Date.parse('2024-10-13T17:00:00Z'));
    expect(gameStartMillis('2024-12-01 13:00')).toBe(Date.parse('2024-12-01T18:00:00Z'));
    expect(gameStartMillis('2024-10-13T17:00:00Z')).toBe(Date.parse('2024-10-13T17:00:00Z'));
    expect(gameStartMillis('soon')).toBeNull();
  });
});

describe('late swap', () => {
  it('keeps started players in their slots and re-optimises the rest under the rules', async () => {
    // Lineups to swap: a build from before the slate, with stacks off.
    const before = (await collect(request({}, { ...NO_STACKS, numLUs: 12, minUnique: 2, projPtsRandInput: 'high' }))).lineups;
    const afterStartLineups = before.map((l, i) => ({ players: lineupIds(l), entryId: String(4000 + i), contestName: 'Milly', contestId: '99', entryFee: '$20' }));
    const lockedIds = before.flatMap((l) => lineupIds(l).filter(started));
    expect(lockedIds.length).toBeGreaterThan(6); // the 13:00 games have started
    expect(before.flatMap(lineupIds).some((id) => !started(id))).toBe(true);

    // Rules at swap time: 70 % of the lineups a 1+ team stack, minUnique 2.
    const settings = { stackSettingMode: 'advanced', specificStacks: [{ freq: 0.7, teamFlexMin: 1, label: 'Team stack' }], minUnique: 2 };
    const { lineups, batches } = await collect(request({ afterStartLineups, now: NOW }, settings));
    expect(lineups).toHaveLength(before.length);
    const s = resolveSettings('nfl', 'dk', 'classic', {});
    lineups.forEach((l, i) => {
      const where = `lineup ${i + 1}`;
      expect(lineupProblems(NFL, l, { minSal: s.minSal, maxSal: s.maxSal, pool: slate }), where).toEqual([]);
      // Every started player stays in the same slot; nobody else who has started comes in.
      const old = lineupIds(before[i]!);
      lineupIds(l).forEach((id, slot) => {
        if (started(old[slot]!)) {
          expect(id, `${where} slot ${slot}`).toBe(old[slot]);
          expect(l.slots[slot]!.locked, `${where} slot ${slot}`).toBe(true);
        } else {
          expect(started(id), `${where} slot ${slot}: ${id} has started`).toBe(false);
        }
      });
      expect(l.entry).toEqual({ entryId: String(4000 + i), contestName: 'Milly', contestId: '99', entryFee: '$20' });
    });
    // The rules hold where they could (a started QB without started partners may force a fallback).
    const stacked = lineups.filter((l) => l.plan?.['Stack rule'] === 'Team stack');
    for (const l of stacked) expect(nflRuleProblems(lineupRows(l), { freq: 1, teamFlexMin: 1 })).toEqual([]);
    expect(stacked.length).toBeGreaterThan(0);
    // Planned 8 of 12; a lineup whose started QB has no unstarted partner left falls back, with a warning.
    const fellBack = lineups.filter((l) => l.plan?.['Stack rule'] !== 'Team stack').length - 4;
    if (fellBack > 0) expect(batches.flatMap((b) => b.warnings).some((w) => w.code === 'plan-option-dropped' && w.params.from === 'Team stack')).toBe(true);
    expect(lineups.filter((l) => partners(nflShape(lineupRows(l))) >= 1).length).toBeGreaterThanOrEqual(stacked.length);
    // Something changed: the late games were re-optimised under the new rules.
    expect(lineups.map(lineupIds)).not.toEqual(before.map(lineupIds));
  }, 120_000);

  it('fills the open slots only with players those slots accept, under the default settings', async () => {
    // Regression: with most slots pinned, a player no open slot accepts (a WR when only an RB
    // slot is open) passed the roster rows and the build failed with "does not fit the slots".
    const s = resolveSettings('nfl', 'dk', 'classic', {});
    let checked = 0;
    for (const now of ['2024-10-13T16:10:00-04:00', '2024-10-13T16:30:00-04:00']) {
      for (const seed of [3, 4, 6]) {
        const before = (await collect({ ...request({}), seed, settings: { numLUs: 6 } })).lineups;
        const afterStartLineups = before.map((l) => ({ players: lineupIds(l) }));
        const { lineups } = await collect({ ...request({ afterStartLineups, now }), seed: seed + 100, settings: { numLUs: 6 } });
        expect(lineups).toHaveLength(before.length);
        lineups.forEach((l, i) => {
          expect(lineupProblems(NFL, l, { minSal: s.minSal, maxSal: s.maxSal, pool: slate }), `${now} seed ${seed} lineup ${i + 1}`).toEqual([]);
          const old = lineupIds(before[i]!);
          lineupIds(l).forEach((id, slot) => {
            if (gameStartMillis(slate.find((p) => p.Id === old[slot])!.GameStart!)! <= Date.parse(now)) expect(id).toBe(old[slot]);
          });
        });
        checked += lineups.length;
      }
    }
    expect(checked).toBe(36);
  }, 120_000);

  it('uses only active slates, and nothing moves once every game has started', async () => {
    const before = (await collect(request({}, { ...NO_STACKS, numLUs: 3 }))).lineups;
    const grouped = {
      'classic|Main': { active: true, lineups: before.slice(0, 2).map(lineupIds) },
      'classic|Late': { active: false, lineups: before.slice(2).map(lineupIds) },
    };
    const { lineups } = await collect(request({ afterStartLineups: grouped, now: new Date('2024-10-14T12:00:00Z') }));
    expect(lineups.map(lineupIds)).toEqual(before.slice(0, 2).map(lineupIds));
    expect(lineups.every((l: Lineup) => l.slots.every((s) => s.locked))).toBe(true);
    const off = await collect(request({ afterStartLineups: grouped, afterStartActivated: false }, { numLUs: 2 }));
    expect(off.lineups.every((l) => l.slots.every((s) => !s.locked))).toBe(true);
  }, 60_000);

  it('re-optimises without randomness: the same swap whatever the seed, never below the entry', async () => {
    // Entries built with the stack rules off and no randomness; swapped under the default (Med) randomness.
    const before = (await collect(request({}, { ...NO_STACKS, numLUs: 8, minUnique: 1 }))).lineups;
    const afterStartLineups = before.map((l) => ({ players: lineupIds(l) }));
    const swap = async (seed: number) => (await collect({
      ...request({ afterStartLineups, now: NOW }), seed, settings: { ...NO_STACKS, projPtsRandInput: 'med', projOwnRandInput: 'med' },
    })).lineups;
    const [a, b] = [await swap(1), await swap(99)];
    expect(a.map(lineupIds)).toEqual(b.map(lineupIds));
    a.forEach((l, i) => expect(l.points, `lineup ${i + 1}`).toBeGreaterThanOrEqual(before[i]!.points - 1e-6));
  }, 120_000);

  it('keeps a fully started slate as it was, without warnings about the planned stack rules', async () => {
    const before = (await collect(request({}, { ...NO_STACKS, numLUs: 4 }))).lineups;
    // The default settings plan nfl stack rules; once every game has started none can be met.
    const { lineups, batches } = await collect({
      sport: 'nfl', site: 'dk', contestType: 'classic', players: slate, seed: 4, settings: {},
      afterStartLineups: before.map(lineupIds), now: new Date('2024-10-14T12:00:00Z'),
    });
    expect(lineups.map(lineupIds)).toEqual(before.map(lineupIds));
    expect(batches.flatMap((x) => x.warnings)).toEqual([]);
  }, 60_000);

  it('is for DraftKings only and checks its lineups', async () => {
    const fanduel = await collectFailure({ ...request({ afterStartLineups: [] }), site: 'fd' });
    expect(fanduel.error).toBeInstanceOf(InputError);
    expect((fanduel.error as Error).message).toBe(LATE_SWAP_DK_ONLY);
    const short = await collectFailure(request({ afterStartLineups: [[slate[0]!.Id]], now: NOW }));
    expect(short.error).toBeInstanceOf(InputError);
    const badNow = await collectFailure(request({ afterStartLineups: [slate.slice(0, 9).map((p) => p.Id)], now: 'later' }));
    expect(badNow.error).toBeInstanceOf(InputError);
  });
});

describe('DraftKings entries CSV', () => {
  it('reads entries with "Name (Id)" cells and writes them back with the entry columns kept', () => {
    const ids = slate.filter((p) => p.Position === 'QB').slice(0, 1).map((p) => p.Id);
    const text = [
      'Entry ID,Contest Name,Contest ID,Entry Fee,QB,RB,RB,WR,WR,WR,TE,FLEX,DST,,Instructions',
      `3001,NFL $20 Milly,150,$20,Joe Q (${ids[0]}),A (11),B (12),C (13),D (14),E (15),F (16),G (17),H (18) (LOCKED),,1. Locate the player`,
      '3002,NFL $20 Milly,150,$20,21,22,23,24,25,26,27,28,,,',
      ',,,,,,,,,,,,,,Position,Name + ID',
    ].join('\n');
    const entries = readEntriesCsv(text, 'DKEntries.csv', NFL);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({ entryId: '3001', contestName: 'NFL $20 Milly', contestId: '150', entryFee: '$20', players: [ids[0], '11', '12', '13', '14', '15', '16', '17', '18'] });
    expect(entries[1]!.players[8]).toBe('');
    expect(entriesToAfterStart(entries)[0]).toMatchObject({ entryId: '3001', players: entries[0]!.players });
    expect(() => readEntriesCsv('a,b\n1,2', 'x.csv', NFL)).toThrow(InputError);
    expect(() => readEntriesCsv('a,b\n1,2', 'x.csv', NFL)).toThrow(/^x\.csv: /);
    expect(() => readEntriesCsv('Entry ID,Contest Name,Contest ID,Entry Fee,CPT\n', 'x.csv', NFL)).toThrow(/QB, RB, RB/);

    const lineup: Lineup = {
      slots: NFL.slots.map((slot, i) => ({ slot: slot.label, player: { ...slate[i]!, Id: String(500 + i) }, points: 1, salary: 1 })),
      points: 9, solvedPoints: 9, salary: 9, ownership: 0, saved: false,
      entry: { entryId: '3001', contestName: 'NFL $20 Milly', contestId: '150', entryFee: '$20' },
    };
    expect(lineupsToEntriesCsv([lineup], NFL)).toBe(
      'Entry ID,Contest Name,Contest ID,Entry Fee,QB,RB,RB,WR,WR,WR,TE,FLEX,DST\n3001,NFL $20 Milly,150,$20,500,501,502,503,504,505,506,507,508\n');
  });
});
