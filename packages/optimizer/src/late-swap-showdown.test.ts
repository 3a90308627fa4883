// DraftKings mlb showdown (CPT 1.5× salary and points + 5 UTIL) from a salary file in
// DraftKings' layout (CPT and UTIL rows with their own Ids), and the late swap of a showdown
// entries file downloaded mid-slate: started (LOCKED) players stay in their slot, captain
// included; the other slots are re-optimised under the cap; the file goes back byte for byte
// where no cell changed.
import { readFileSync } from 'node:fs';
import { getRoster, lineupRuleViolations, withCaptainPoints } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { collect, NO_RANDOM } from '../test-support/lineup-checks.js';
import { writeEntriesBack } from './io/entries-csv.js';
import { lineupUploadRow } from './io/lineups-csv.js';
import { readSlateFile } from './io/slate-file.js';
import { lateSwapEntries } from './late-swap-entries.js';

const sample = (name: string) => readFileSync(new URL(`./io/fixtures/slates/${name}`, import.meta.url), 'utf8');
const roster = getRoster('mlb', 'dk', 'showdown');
const base = { sport: 'mlb', site: 'dk', contestType: 'showdown' } as const;
/** Before first pitch (07:10 PM ET): only the cells DraftKings marks (LOCKED) have started. */
const BEFORE_FIRST_PITCH = '2025-07-04T18:00:00-04:00';

describe('DraftKings mlb showdown', () => {
  it('reads the salary file and builds CPT + 5 UTIL lineups of both teams under the cap', async () => {
    const file = readSlateFile(sample('dk-mlb-showdown.csv'), 'DKSalaries.csv', roster);
    expect(file.players).toHaveLength(44);
    const { lineups } = await collect({ ...base, players: withCaptainPoints(file.players), settings: { ...NO_RANDOM, numLUs: 5 }, seed: 1 });
    expect(lineups).toHaveLength(5);
    const byId = new Map(file.players.map((p) => [p.Id, p]));
    for (const lineup of lineups) {
      expect(lineup.slots.map((s) => s.slot)).toEqual(['CPT', 'UTIL', 'UTIL', 'UTIL', 'UTIL', 'UTIL']);
      const ids = lineupUploadRow(lineup, roster);
      const rows = ids.map((id) => byId.get(id)!);
      // The captain is a CPT row (1.5× the player's UTIL salary); the others are UTIL rows (read as FLEX).
      expect(rows.map((r) => r.RosterPosition)).toEqual(['CPT', 'FLEX', 'FLEX', 'FLEX', 'FLEX', 'FLEX']);
      const utilOfCaptain = file.players.find((p) => p.Name === rows[0]!.Name && p.RosterPosition === 'FLEX')!;
      expect(rows[0]!.Salary).toBe(utilOfCaptain.Salary * 1.5);
      // Its points count 1.5× once: the file's average (the same on both rows, each read unscaled) × 1.5.
      expect(rows[0]!.ProjPts).toBe(utilOfCaptain.ProjPts);
      expect(lineup.slots[0]!.points).toBeCloseTo(rows[0]!.ProjPts * 1.5, 9);
      expect(new Set(rows.map((r) => r.Name)).size).toBe(6);
      expect(rows.reduce((sum, r) => sum + r.Salary, 0)).toBeLessThanOrEqual(50000);
      expect(new Set(rows.map((r) => r.TeamAbbrev))).toEqual(new Set(['NYY', 'BOS']));
      expect(lineupRuleViolations(roster, rows)).toEqual([]);
    }
  });

  it('late-swaps a showdown entries file: started CPT and UTIL stay, the rest re-optimised, the file back byte for byte', async () => {
    const text = sample('DKEntries-mlb-showdown.csv');
    const file = readSlateFile(text, 'DKEntries.csv', roster);
    expect(file.entries).toHaveLength(4);
    expect(file.entries[0]!.locked).toEqual([true, true, false, false, false, true]);
    const { results, warnings } = await lateSwapEntries(
      { ...base, players: withCaptainPoints(file.players), settings: { ...NO_RANDOM }, seed: 1, now: BEFORE_FIRST_PITCH }, file.entries, { fileName: 'DKEntries.csv' },
    );
    expect(warnings).toEqual([]);
    expect(results.map((r) => r.status)).toEqual(['swapped', 'swapped', 'swapped', 'kept']);
    expect(results[3]!.reason).toEqual({ code: 'entry-empty', params: {} });
    const byId = new Map(file.players.map((p) => [p.Id, p]));
    results.slice(0, 3).forEach((r, i) => {
      const entry = file.entries[i]!;
      const started = new Set(file.players.filter((p) => p.TeamAbbrev === 'NYY').map((p) => p.Id));
      r.players.forEach((id, s) => {
        // A started player (his team's game locked) keeps his slot; no started player is added.
        if (started.has(entry.players[s]!)) expect(id, `entry ${i + 1} slot ${s}`).toBe(entry.players[s]);
        else expect(started.has(id), `entry ${i + 1} slot ${s}`).toBe(false);
      });
      const rows = r.players.map((id) => byId.get(id)!);
      expect(rows[0]!.RosterPosition).toBe('CPT');
      // The re-optimised captain counts 1.5× his row's own (read) points, once.
      expect(r.lineup!.slots[0]!.points).toBeCloseTo(rows[0]!.ProjPts * 1.5, 9);
      expect(rows.slice(1).every((p) => p.RosterPosition === 'FLEX')).toBe(true);
      expect(rows.reduce((sum, p) => sum + p.Salary, 0)).toBeLessThanOrEqual(50000);
      expect(lineupRuleViolations(roster, rows)).toEqual([]);
      // Re-optimised without randomness: never worse than the entry was.
      const points = (ids: readonly string[]) => ids.reduce((sum, id, s) => sum + byId.get(id)!.ProjPts * (s === 0 ? 1.5 : 1), 0);
      expect(points(r.players)).toBeGreaterThanOrEqual(points(entry.players) - 1e-9);
    });
    // The captain of entry 1 started: he is still its captain.
    expect(results[0]!.players[0]).toBe('38100008');

    const out = writeEntriesBack(text, file, results);
    const lines = out.split('\r\n');
    expect(lines[0]).toBe('Entry ID,Contest Name,Contest ID,Entry Fee,CPT,UTIL,UTIL,UTIL,UTIL,UTIL');
    // Unchanged cells keep their exact text: the trailing space of "$4 ", the quotes, the (LOCKED) cells.
    expect(lines[1]!.startsWith('4200000001,MLB Showdown $4 Double Up (NYY vs BOS),182000001,$4 ,Aaron Stroud (38100008) (LOCKED),Marcus Hale (38100101) (LOCKED),')).toBe(true);
    expect(lines[1]!.endsWith(',Owen Park (38100106) (LOCKED)')).toBe(true);
    expect(lines[3]!.startsWith('4200000003,"MLB Showdown $20 Moonshot, NYY vs BOS",182000002,$20,')).toBe(true);
    expect(lines[4]).toBe('4200000004,"MLB Showdown $20 Moonshot, NYY vs BOS",182000002,$20,,,,,,');
    expect(lines.at(-1)).toBe('');
    // Read back, the file holds the new lineups.
    const again = readSlateFile(out, 'DKEntries-swapped.csv', roster, { checkSite: false });
    expect(again.entries.map((e) => e.players)).toEqual(results.map((r) => r.players));
    expect(again.entries.map((e) => e.entryFee)).toEqual(['$4', '$4', '$20', '$20']);
  });
});
