import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { getRoster } from '@stacksmith/domain';
import { benchSlate } from '../test-support/random-pool.js';
import { runCli } from './cli.js';

const work = mkdtempSync(join(tmpdir(), 'stacksmith-cli-sim-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const players = benchSlate('nfl-dk-classic');
const columns = ['Id', 'Name', 'Position', 'TeamAbbrev', 'Opp', 'Salary', 'ProjPts', 'ProjOwn', 'Ceiling'] as const;
const playersCsv = join(work, 'players.csv');
writeFileSync(playersCsv, `${Papa.unparse({ fields: [...columns], data: players.map((p) => columns.map((c) => p[c] ?? '')) })}\n`);
const byId = new Map(players.map((p) => [p.Id, p]));
const roster = getRoster('nfl', 'dk', 'classic');

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--sport', 'nfl', '--site', 'dk', '--contest', 'classic', '--players', playersCsv, ...argv], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

const rows = (path: string) => Papa.parse<string[]>(readFileSync(path, 'utf8').trim()).data;

/** Rule problems of an upload row (Ids in slot order): eligible slots, distinct players, the cap. */
function uploadRowProblems(ids: string[]): string[] {
  const problems: string[] = [];
  if (ids.length !== roster.slots.length) problems.push(`${ids.length} players`);
  ids.forEach((id, s) => {
    const p = byId.get(id);
    if (!p) problems.push(`unknown ${id}`);
    else if (!roster.slots[s]!.eligible.includes(p.Position)) problems.push(`${p.Position} in ${roster.slots[s]!.label}`);
  });
  if (new Set(ids).size !== ids.length) problems.push('a player twice');
  const salary = ids.reduce((sum, id) => sum + (byId.get(id)?.Salary ?? 0), 0);
  if (salary > roster.salaryCap) problems.push(`salary ${salary}`);
  return problems;
}

const SIM = ['--sims', '300', '--field-size', '1000', '--seed', '3'];

describe('stacksmith-opt --select N --pool M', () => {
  it('writes the N lineups chosen from a pool of M, valid by the rules, and each one\'s simulated results', async () => {
    const out = join(work, 'selected.csv');
    const simOut = join(work, 'selected-sim.csv');
    const { code, stderr, stdout } = await run(['--select', '6', '--pool', '40', ...SIM, '--out', out, '--sim-out', simOut]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/built 40\/40 lineups/);
    expect(stderr).toMatch(/selected 6 of 4\d lineups \(your plain build of 6 and the no-randomness optimum among them\) over 300 simulations/);
    expect(stderr).toMatch(/6 entries in a Large top-heavy GPP of 1000 at \$20: ROI -?\d+\.\d\d % ± \d+\.\d\d %, top 1 % [\d.]+ % ± [\d.]+ %, cash [\d.]+ %, P\(loss\) [\d.]+ %/);
    expect(stderr).toMatch(/over your plain build of 6 \(-?[\d.]+ % ± [\d.]+ %\) on the same simulations: ROI [+-]?[\d.]+ % ± [\d.]+ %/);
    expect(stdout).toBe(`wrote 6 lineups to ${out}\n`);
    const [header, ...lineups] = rows(out);
    expect(header).toEqual([...roster.uploadHeader]);
    expect(lineups).toHaveLength(6);
    for (const ids of lineups) expect(uploadRowProblems(ids)).toEqual([]);
    expect(new Set(lineups.map((l) => [...l].sort().join())).size).toBe(6);
    // They come from the pool: the same build of 40 (same seed, randomness med), and the plain build of 6.
    const poolOut = join(work, 'pool.csv');
    expect((await run(['--n', '40', '--rand', 'med', '--seed', '3', '--out', poolOut])).code).toBe(0);
    const plainOut = join(work, 'plain6.csv');
    expect((await run(['--n', '6', '--seed', '3', '--out', plainOut])).code).toBe(0);
    const optimumOut = join(work, 'optimum.csv');
    expect((await run(['--n', '1', '--rand', 'none', '--seed', '3', '--out', optimumOut])).code).toBe(0);
    const pool = new Set([...rows(poolOut).slice(1), ...rows(plainOut).slice(1), ...rows(optimumOut).slice(1)].map((l) => l.join()));
    for (const ids of lineups) expect(pool.has(ids.join())).toBe(true);
    const [simHeader, ...simRows] = rows(simOut);
    expect(simHeader).toEqual(['Lineup', 'Players', 'Proj', 'Salary', 'ROI %', 'ROI SE %', 'Win %', 'Top 1 %', 'Cash %', 'Duplicates']);
    expect(simRows).toHaveLength(6);
    for (const row of simRows) expect(Number(row[4])).toBeGreaterThanOrEqual(-100);
    // Reproducible: the same flags give the same file.
    const again = join(work, 'again.csv');
    await run(['--select', '6', '--pool', '40', ...SIM, '--out', again]);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('--simulate leaves the build as it is and prints its results', async () => {
    const plainOut = join(work, 'plain.csv');
    const simOut = join(work, 'plain-sim.csv');
    await run(['--n', '3', '--out', plainOut]);
    const simulated = join(work, 'simulated.csv');
    const { code, stderr } = await run(['--n', '3', '--simulate', '--sim-contest', 'double-up', ...SIM.slice(0, 4), '--out', simulated, '--sim-out', simOut]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/3 lineups is more than the 1 entries per user of a Double-up/);
    const ok = await run(['--n', '3', '--simulate', ...SIM.slice(0, 4), '--out', simulated, '--sim-out', simOut]);
    expect(ok.code).toBe(0);
    expect(readFileSync(simulated, 'utf8')).toBe(readFileSync(plainOut, 'utf8'));
    expect(rows(simOut)).toHaveLength(4);
  });

  it.each([
    [['--n', '3', '--pool', '10'], '--pool is for a simulation: give --simulate or --select too'],
    [['--simulate', '--n', '3', '--pool', '10'], '--pool is for --select: give --select N too'],
    [['--select', '200'], '--select must be a whole number between 1 and 150 (got "200")'],
    [['--select', '10', '--pool', '5'], '--pool 5 is fewer than the 10 lineups to select'],
    [['--select', '2', '--sim-contest', 'single-entry'], '--select 2 is more than the 1 entries per user of a Single-entry GPP'],
    [['--simulate', '--n', '3', '--sim-contest', 'milly'], '--sim-contest must be one of gpp, single-entry, fifty-fifty, double-up (got "milly")'],
    [['--simulate', '--n', '3', '--entry-fee', 'free'], '--entry-fee must be an amount above 0 (got "free")'],
    [['--simulate', '--n', '3', '--sims', '5'], '--sims must be a whole number between 10 and 100000 (got "5")'],
    [['--simulate', '--n', '3', '--proj-error', '150'], '--proj-error must be a percentage from 0 to 100 (got "150")'],
    // Entries that would fill the contest leave no opponents: a refusal, not a stack trace.
    [['--simulate', '--n', '3', '--field-size', '3', '--sims', '100'], 'The contest needs more entries than yours'],
    [['--select', '3', '--pool', '6', '--field-size', '3'], 'The contest needs more entries than yours'],
  ])('refuses %j', async (flags, message) => {
    const { code, stderr } = await run([...flags, '--out', join(work, 'x.csv')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`stacksmith-opt: ${message}`);
    expect(stderr).not.toMatch(/Error:|\n\s+at /);
  });

  it('reads a payout CSV and names it when it is wrong', async () => {
    const good = join(work, 'payouts.csv');
    writeFileSync(good, 'Place,Payout\n1,$500\n2-10,$100\n11-100,$30\n');
    const ok = await run(['--simulate', '--n', '2', ...SIM.slice(0, 4), '--payouts', good, '--out', join(work, 'p.csv')]);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toMatch(/2 entries in a .*payouts\.csv of 1000 at \$20/);
    const bad = join(work, 'bad-payouts.csv');
    writeFileSync(bad, 'Place,Payout\n1,$500\n3,$100\n');
    const { code, stderr } = await run(['--simulate', '--n', '2', '--payouts', bad, '--out', join(work, 'p.csv')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${bad}: Payout row 2: place 3 should be 2`);
  });

  it('simulates and selects on a slate whose cheapest lineup costs 89 % of the cap, with no stack trace', async () => {
    // Salaries raised so that the cheapest valid lineup costs about $44,500 of the $50,000 cap.
    const cheapest = (pos: string, n: number) => players.filter((p) => p.Position === pos).map((p) => p.Salary).sort((a, b) => a - b).slice(0, n);
    const flexPool = [...cheapest('RB', 3).slice(2), ...cheapest('WR', 4).slice(3), ...cheapest('TE', 2).slice(1)];
    const minimum = [...cheapest('QB', 1), ...cheapest('RB', 2), ...cheapest('WR', 3), ...cheapest('TE', 1), ...cheapest('DST', 1), Math.min(...flexPool)]
      .reduce((a, b) => a + b, 0);
    const scale = 44_500 / minimum;
    const tightCsv = join(work, 'tight.csv');
    const tight = players.map((p) => ({ ...p, Salary: Math.round((p.Salary * scale) / 100) * 100 }));
    writeFileSync(tightCsv, `${Papa.unparse({ fields: [...columns], data: tight.map((p) => columns.map((c) => p[c] ?? '')) })}\n`);
    for (const flags of [['--simulate', '--n', '5'], ['--select', '3', '--pool', '20']]) {
      let stderr = '';
      const code = await runCli(['--sport', 'nfl', '--site', 'dk', '--contest', 'classic', '--players', tightCsv, ...flags, ...SIM, '--out', join(work, 'tight-out.csv')], {
        stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) },
      });
      expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(code).toBe(0);
      expect(stderr).toMatch(/ROI -?[\d.]+ % ± [\d.]+ %/);
    }
  });

  it('refuses a projection no simulation can use (ProjPts 1e308), naming the player, exit 2', async () => {
    const absurdCsv = join(work, 'absurd.csv');
    const rowsWithAbsurd = players.map((p, i) => (i === 0 ? { ...p, ProjPts: 1e308 } : p));
    writeFileSync(absurdCsv, `${Papa.unparse({ fields: [...columns], data: rowsWithAbsurd.map((p) => columns.map((c) => p[c] ?? '')) })}\n`);
    let stderr = '';
    const code = await runCli(['--sport', 'nfl', '--site', 'dk', '--contest', 'classic', '--players', absurdCsv, '--simulate', '--n', '2', ...SIM, '--out', join(work, 'absurd-out.csv')], {
      stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) },
    });
    expect(code).toBe(2);
    expect(stderr).toContain(`${players[0]!.Name}: projected points 1e+308 is not a value a simulation can use`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
