// The showdown captain counts 1.5× his row's points exactly once on every optimizer path:
// read rows keep their own points, the domain's withCaptainPoints multiplies a labelled captain
// row once, and the pool takes labelled rows as they come.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRoster, projectionsCsv, withCaptainPoints } from '@stacksmith/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, NO_RANDOM } from '../test-support/lineup-checks.js';
import { runCli } from './cli.js';
import { lineupUploadRow } from './io/lineups-csv.js';
import { applyProjectionMatches, matchProjections } from './io/projection-match.js';
import { parsePlayersCsv, readSlateFile } from './io/slate-file.js';
import { simulationSlate } from './simulate.js';
import type { Lineup, PoolPlayer } from './types.js';

const salaryFile = fileURLToPath(new URL('./io/fixtures/dk-nfl-showdown.csv', import.meta.url));
const nbaSalaryFile = fileURLToPath(new URL('./io/fixtures/slates/dk-nba-showdown.csv', import.meta.url));
const roster = getRoster('nfl', 'dk', 'showdown');
const base = { sport: 'nfl', site: 'dk', contestType: 'showdown' } as const;
/** The reader's rows: each with the player's own points, the CPT row too. */
const readRows = () => parsePlayersCsv(readFileSync(salaryFile, 'utf8'), 'DKSalaries.csv', roster);
const work = mkdtempSync(join(tmpdir(), 'stacksmith-captain-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The captain slot's points against his read row's own points. */
function expectCaptainOnce(lineup: Lineup, rows: readonly PoolPlayer[]) {
  const captain = lineup.slots[0]!;
  expect(captain.slot).toBe('CPT');
  const row = rows.find((r) => r.Id === captain.player.Id)!;
  expect(row.RosterPosition).toBe('CPT');
  expect(row.ProjPts).toBeGreaterThan(0);
  expect(captain.points).toBeCloseTo(row.ProjPts * 1.5, 9);
  const flexTotal = lineup.slots.slice(1).reduce((sum, s) => sum + rows.find((r) => r.Id === s.player.Id)!.ProjPts, 0);
  expect(lineup.points).toBeCloseTo(row.ProjPts * 1.5 + flexTotal, 9);
}

describe('showdown captain: 1.5× his row once', () => {
  it('the reader keeps the CPT row at the player\'s own points', () => {
    const rows = readRows();
    const cpt = rows.find((r) => r.Name === 'Patrick Mahomes' && r.RosterPosition === 'CPT')!;
    const flex = rows.find((r) => r.Name === 'Patrick Mahomes' && r.RosterPosition === 'FLEX')!;
    expect(cpt.ProjPts).toBe(24.9);
    expect(flex.ProjPts).toBe(24.9);
    expect(withCaptainPoints([cpt, flex]).map((r) => r.ProjPts)).toEqual([24.9 * 1.5, 24.9]);
  });

  it('CLI build from a DraftKings showdown salary file: lineup 1 is the optimum with the captain at 1.5×', async () => {
    const out = join(work, 'cli.csv');
    let stderr = '';
    const code = await runCli(
      ['--sport', 'nfl', '--site', 'dk', '--contest', 'showdown', '--players', salaryFile, '--out', out, '--n', '1', '--rand', 'none'],
      { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } },
    );
    expect(code, stderr).toBe(0);
    const cliIds = readFileSync(out, 'utf8').trimEnd().split('\n')[1]!.split(',');
    const rows = readRows();
    const once = (await collect({ ...base, players: withCaptainPoints(rows), settings: { ...NO_RANDOM, numLUs: 1 } })).lineups[0]!;
    expectCaptainOnce(once, rows);
    expect(cliIds).toEqual(lineupUploadRow(once, roster));
  });

  it('the projections page\'s download read back by the CLI: the captain counts 1.5× once, the lineup as from the salary file', async () => {
    // The slate as stored and sent to the page: each row's own points (the reader's rows).
    const rows = readRows();
    const exported = projectionsCsv('showdown', getRoster('nfl', 'dk', 'showdown').salaryCap, rows);
    const file = join(work, 'projections_dk_KC-DET_week22_2023.csv');
    writeFileSync(file, exported);
    // Read back (the CLI's reader, and an upload's): the captain rows keep the own points they were sent with.
    const back = parsePlayersCsv(exported, 'projections.csv', roster);
    const mahomes = back.filter((r) => r.Name === 'Patrick Mahomes');
    expect(mahomes.map((r) => [r.RosterPosition, r.ProjPts])).toEqual([['CPT', 24.9], ['FLEX', 24.9]]);
    expect(back.map((r) => r.ProjPts)).toEqual(rows.map((r) => r.ProjPts));

    const out = join(work, 'from-export.csv');
    let stderr = '';
    const code = await runCli(
      ['--sport', 'nfl', '--site', 'dk', '--contest', 'showdown', '--players', file, '--out', out, '--n', '1', '--rand', 'none'],
      { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } },
    );
    expect(code, stderr).toBe(0);
    const once = (await collect({ ...base, players: withCaptainPoints(rows), settings: { ...NO_RANDOM, numLUs: 1 } })).lineups[0]!;
    expectCaptainOnce(once, rows);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')[1]!.split(',')).toEqual(lineupUploadRow(once, roster));
    // Counted twice (a download of scaled captains) the build would differ: the captain's 2.25× lineup.
    const twice = (await collect({ ...base, players: withCaptainPoints(withCaptainPoints(rows)), settings: { ...NO_RANDOM, numLUs: 1 } })).lineups[0]!;
    expect(lineupUploadRow(twice, roster)).not.toEqual(lineupUploadRow(once, roster));
  });

  it('projections applied by name: both rows take the projection, the captain counts it 1.5×', async () => {
    // The nba sample's CPT and UTIL rows share the site Id, so a name matches one player.
    const nba = getRoster('nba', 'dk', 'showdown');
    const rows = readSlateFile(readFileSync(nbaSalaryFile, 'utf8'), 'DKSalaries.csv', nba).players;
    const report = matchProjections([{ line: 2, name: 'Joel Embiid', team: 'PHI', position: 'C', values: { ProjPts: 30 } }], rows);
    expect(report.matched).toHaveLength(1);
    const applied = applyProjectionMatches(rows, report.matched);
    expect(applied.filter((r) => r.Name === 'Joel Embiid').map((r) => r.ProjPts)).toEqual([30, 30]);
    // Embiid as captain in every lineup, so that his contribution is measured.
    const players = withCaptainPoints(applied).map((r) => (r.Name === 'Joel Embiid' && r.RosterPosition === 'CPT' ? { ...r, MinExp: 100 } : r));
    const { lineups } = await collect({ sport: 'nba', site: 'dk', contestType: 'showdown', players, settings: { ...NO_RANDOM, numLUs: 2 } });
    expect(lineups).toHaveLength(2);
    for (const lineup of lineups) {
      expect(lineup.slots[0]!.player.Name).toBe('Joel Embiid');
      expect(lineup.slots[0]!.points).toBeCloseTo(45, 9);
      expectCaptainOnce(lineup, applied);
    }
  });

  it('simulation: a player\'s mean is his own points, his captain option ×1.5', () => {
    const rows = readRows();
    const sim = simulationSlate({ ...base, players: withCaptainPoints(rows), settings: {} });
    const mahomes = sim.slate.players.findIndex((p) => p.name === 'Patrick Mahomes');
    expect(sim.slate.players[mahomes]!.mean).toBeCloseTo(24.9, 9);
    const options = sim.slate.options.filter((o) => o.player === mahomes);
    expect(options.map((o) => o.multiplier).sort()).toEqual([1, 1.5]);
  });
});
