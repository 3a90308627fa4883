#!/usr/bin/env node
// stacksmith-opt: a players CSV in, the site's upload CSV of N lineups out.
// Exit codes: 0 done, 1 unexpected failure, 2 bad input, 3 no lineup fits the rules.
import { mkdir as fsMkdir, readFile as fsReadFile, writeFile as fsWriteFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import {
  coded, CodedError, findRoster, renderMessage, type CodedMessage, statusWarnings, RANDOM_LEVELS, ROSTERS, rosterKey,
  typedBuildSettingsSchema, withCaptainPoints, type BuildSettings, type RosterSpec,
} from '@stacksmith/domain';
import { buildLineups } from './build.js';
import { planSimulation, poolSettings, runSimulationPlan, SIMULATE_OPTIONS, SIMULATE_USAGE } from './cli-simulate.js';
import { isMainModule } from './io/is-main.js';
import { lineupsToEntriesCsv } from './io/entries-csv.js';
import { fillEntries } from './io/entries-fill.js';
import { lineupsToUploadCsv } from './io/lineups-csv.js';
import { PLAYERS_CSV_FORMATS } from './io/players-csv.js';
import { applyProjectionMatches, matchProjections, readProjectionRows } from './io/projection-match.js';
import { readSlateFile, type SlateFile } from './io/slate-file.js';
import { writeEntriesBack } from './io/entries-csv.js';
import { lateSwapEntries } from './late-swap-entries.js';
import { BuildError, InputError, type BuildRequest, type Lineup } from './types.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_NO_LINEUP = 3;

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Reads a text file (default: node:fs, utf8). */
  readFile?: (path: string) => Promise<string>;
  /** Writes a text file (default: node:fs, utf8). */
  writeFile?: (path: string, text: string) => Promise<void>;
  /** Creates a folder and its parents (default: node:fs, recursive). */
  mkdir?: (path: string) => Promise<unknown>;
}

const PROGRAM = 'stacksmith-opt';

export const USAGE = `Usage: ${PROGRAM} --sport nfl --site dk --contest classic --players FILE.csv --n 150 --out lineups.csv
         [--seed 1] [--rand none|low|med|high] [--min-unique 1] [--settings settings.json]
         [--projections projections.csv] [--entries DKEntries.csv [--now 2024-10-13T16:10:00-04:00]]

  --sport        ${[...new Set(ROSTERS.map((r) => r.sport))].join(', ')}
  --site         dk, fd, ya
  --contest      classic, showdown
  --players      the players CSV: ${Object.values(PLAYERS_CSV_FORMATS).map((f) => f.name).join(', ')},
                 or an entries file / lineup template with its player list (DKEntries.csv, FanDuel's
                 upload template); the site is told from the file and must be --site's. Players out,
                 on IR, not active, suspended or of postponed games are excluded (Max Exp 0)
  --projections  projections of any source (Name or Id, Team, Position, Projection/ProjPts, Own...):
                 matched by id, else by name + team + position; the match report is printed
  --n            lineups to build (numLUs); may come from --settings instead
  --seed         seed of the randomness (default 1): the same input and seed give the same lineups
  --rand         projection randomness (projPtsRandInput)
  --min-unique   players each lineup differs by from every other (minUnique)
  --settings     JSON object of build settings in the spec's keys (ceilingPct in percent, 0..100),
                 e.g. stackSettingMode, specificStacks, teamStackPct, allowRBStackPct; it may also
                 hold teamStacks, stackGroups, groups, afterStartLineups and afterStartActivated;
                 --n, --rand and --min-unique override numLUs, projPtsRandInput and minUnique
  --entries      an entries file (DKEntries.csv, FanDuel's entries file): empty entries are filled
                 with built lineups in order (--n defaults to their number); filled ones are late-
                 swapped entry by entry (dk classic): players whose game has started keep their slot,
                 an entry that cannot be improved stays as it was with the reason. --out gets the
                 entries file back (its entry columns kept); --players may be left out when the
                 entries file carries the player list
  --now          "now" (ISO date-time; without an offset New York time; default the clock): a fresh build
                 leaves out players whose game started by then (on a slate being played; the
                 file's In Progress/Final/LOCKED marks always); late swap keeps them in place
  --out          the upload CSV to write (its folder is created if missing)

${SIMULATE_USAGE}
Exit codes: 0 done, 2 bad input, 3 no lineup fits the rules, 1 anything else.
`;

/** A bad flag or file: reported with exit code 2. */
class UsageError extends CodedError {
  constructor(message: CodedMessage) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A file named by a flag cannot be read or written, or its content is bad (no usage hint). */
class FileError extends UsageError {
  constructor(message: CodedMessage) {
    super(message);
    this.name = 'FileError';
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function integerFlag(flag: string, raw: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^[+-]?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(coded('cli-whole-number', { flag, min, ...(max === Number.MAX_SAFE_INTEGER ? {} : { max }), raw }));
  }
  return value;
}

/** 1-based line and column of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** JSON.parse with a message naming the file, line and column of a syntax error. */
function parseJson(text: string, fileName: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = errorText(error);
    const position = /at position (\d+)/.exec(message);
    const reason = message.replace(/\s*in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    if (position) {
      const { line, column } = lineColumn(text, Number(position[1]));
      throw new FileError(coded('cli-json-syntax', { fileName, reason, line, column }));
    }
    throw new FileError(coded('cli-json-syntax', { fileName, reason }));
  }
}

/** A setting's schema in the typed form, as far as the checks below read it. */
interface TypedSetting {
  def: { type: string; innerType?: TypedSetting };
  options?: readonly unknown[];
  safeParse(value: unknown): { success: boolean };
}

/** Keys of a --settings file that are request fields rather than settings (the web app sends them beside the settings). */
export const REQUEST_KEYS = ['teamStacks', 'stackGroups', 'groups', 'afterStartLineups', 'afterStartActivated'] as const;
export type RequestInputs = Pick<BuildRequest, (typeof REQUEST_KEYS)[number]>;

/**
 * The settings of a --settings file: a JSON object in the spec's keys. Unknown keys are
 * returned for a warning (they are passed on; the optimizer ignores them); values of known
 * keys must have their type in the settings schema's typed form (a file says what it means:
 * no numbers as text), specificStacks may be its JSON text. teamStacks, stackGroups, groups,
 * afterStartLineups and afterStartActivated are returned as request inputs.
 */
export function parseSettingsJson(
  text: string, fileName: string,
): { settings: Partial<BuildSettings>; unknownKeys: string[]; inputs: RequestInputs } {
  const value = parseJson(text, fileName);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    throw new FileError(coded('cli-settings-not-an-object', { fileName, got }));
  }
  const typed = typedBuildSettingsSchema.shape as Record<string, TypedSetting>;
  const unknownKeys: string[] = [];
  const settings: Record<string, unknown> = {};
  const inputs: Record<string, unknown> = {};
  for (const [key, given] of Object.entries(value as Record<string, unknown>)) {
    if ((REQUEST_KEYS as readonly string[]).includes(key)) {
      if (given === null) continue;
      const setting = { fileName, key, got: JSON.stringify(given) };
      if (key === 'afterStartActivated') {
        if (typeof given !== 'boolean') throw new FileError(coded('cli-setting-not-true-or-false', setting));
      } else if (key === 'afterStartLineups') {
        if (typeof given !== 'object') throw new FileError(coded('cli-setting-not-lineups', setting));
      } else if (!Array.isArray(given)) {
        throw new FileError(coded('cli-setting-not-a-list', setting));
      }
      inputs[key] = given;
      continue;
    }
    const schema = typed[key];
    if (!schema) {
      unknownKeys.push(key);
      settings[key] = given;
      continue;
    }
    if (given === null) continue; // null means "the default"
    const setting = { fileName, key, got: JSON.stringify(given) };
    // The settings schema's typed form decides; the message says what the key's type is.
    const type = schema.def.type === 'optional' ? schema.def.innerType!.def.type : schema.def.type;
    if (type === 'enum') {
      const allowed = (schema.def.type === 'optional' ? schema.def.innerType! : schema).options!.map(String);
      if (!schema.safeParse(given).success) throw new FileError(coded('cli-setting-not-one-of', { ...setting, allowed }));
    } else if (type === 'number') {
      if (!schema.safeParse(given).success) throw new FileError(coded('cli-setting-not-a-number', setting));
    } else if (type === 'boolean') {
      if (!schema.safeParse(given).success) throw new FileError(coded('cli-setting-not-true-or-false', setting));
    } else if (!Array.isArray(given) && typeof given !== 'string') {
      // specificStacks, a list (or its JSON text, as the web app sends it): the optimizer checks each rule and names it.
      throw new FileError(coded('cli-setting-not-a-list', setting));
    }
    settings[key] = given;
  }
  if (typeof settings.ceilingPct === 'number') {
    if (settings.ceilingPct < 0 || settings.ceilingPct > 100) {
      throw new FileError(coded('cli-ceiling-pct', { fileName, value: settings.ceilingPct }));
    }
    settings.ceilingPct = settings.ceilingPct / 100; // the optimizer takes a fraction
  }
  return { settings: settings as Partial<BuildSettings>, unknownKeys, inputs: inputs as RequestInputs };
}

const OPTIONS = {
  sport: { type: 'string' },
  site: { type: 'string' },
  contest: { type: 'string' },
  players: { type: 'string' },
  n: { type: 'string' },
  seed: { type: 'string' },
  rand: { type: 'string' },
  'min-unique': { type: 'string' },
  settings: { type: 'string' },
  entries: { type: 'string' },
  now: { type: 'string' },
  projections: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...SIMULATE_OPTIONS,
} as const;

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(coded('cli-flags-refused', { reason: errorText(error) }));
  }
}

async function readText(io: CliIo, path: string): Promise<string> {
  const read = io.readFile ?? ((p: string) => fsReadFile(p, 'utf8'));
  try {
    return await read(path);
  } catch (error) {
    throw new FileError(coded('cli-cannot-read', { fileName: path, reason: errorText(error) }));
  }
}

/** Runs the command line; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const err = (text: string) => io.stderr.write(`${text}\n`);
  let lineups: Lineup[] = [];
  let out = '';
  let roster: RosterSpec | undefined;
  let lateSwap = false;
  try {
    const values = parseFlags(argv);
    if (values.help) {
      io.stdout.write(USAGE);
      return EXIT_OK;
    }
    // --players may be left out when --entries carries the player list.
    const missing = (['sport', 'site', 'contest', 'players', 'out'] as const).filter((flag) => !values[flag] && !(flag === 'players' && values.entries));
    if (missing.length > 0) throw new UsageError(coded('cli-missing-flags', { flags: missing }));
    const { sport, site, contest } = values as { sport: string; site: string; contest: string };
    roster = findRoster(sport.toLowerCase(), site.toLowerCase(), contest.toLowerCase());
    if (!roster) {
      throw new UsageError(coded('cli-no-roster', { sport, site, contest, known: ROSTERS.map(rosterKey) }));
    }
    const rosterSize = roster.slots.length;
    const n = integerFlag('n', values.n, 1);
    const seed = integerFlag('seed', values.seed, Number.MIN_SAFE_INTEGER);
    const minUnique = integerFlag('min-unique', values['min-unique'], 0, rosterSize);
    if (values.rand !== undefined && !(RANDOM_LEVELS as readonly string[]).includes(values.rand)) {
      throw new UsageError(coded('cli-one-of', { flag: 'rand', allowed: [...RANDOM_LEVELS], raw: values.rand }));
    }
    out = values.out!;

    let settings: Partial<BuildSettings> = {};
    let inputs: RequestInputs = {};
    if (values.settings !== undefined) {
      const parsed = parseSettingsJson(await readText(io, values.settings), values.settings);
      settings = parsed.settings;
      inputs = parsed.inputs;
      if (parsed.unknownKeys.length > 0) {
        err(`warning: ${renderMessage(coded('cli-unknown-setting-keys', { fileName: values.settings, keys: parsed.unknownKeys }))}`);
      }
    }
    if (n !== undefined) settings.numLUs = n;
    if (values.rand !== undefined) settings.projPtsRandInput = values.rand as BuildSettings['projPtsRandInput'];
    if (minUnique !== undefined) settings.minUnique = minUnique;
    let entriesFile: SlateFile | undefined;
    let entriesText = '';
    if (values.entries !== undefined) {
      entriesText = await readText(io, values.entries);
      entriesFile = readSlateFile(entriesText, values.entries, roster);
      if (entriesFile.entries.length === 0) throw new FileError(coded('entries-none-in-file', { fileName: values.entries }));
    }
    const fill = entriesFile !== undefined && entriesFile.entries.every((e) => e.players.every((id) => id === ''));
    if (fill && settings.numLUs === undefined) settings.numLUs = entriesFile!.entries.length;
    lateSwap = (entriesFile !== undefined && !fill) || (inputs.afterStartLineups !== undefined && inputs.afterStartActivated !== false);
    const simulation = await planSimulation(values, (path) => readText(io, path));
    poolSettings(simulation, settings);
    if (settings.numLUs === undefined && !lateSwap) throw new UsageError(coded('cli-missing-lineup-count', {}));

    const playersFile = values.players ?? values.entries!;
    const slate = values.players !== undefined ? readSlateFile(await readText(io, playersFile), playersFile, roster) : entriesFile!;
    if (!slate.playersFormat) throw new FileError(coded('no-player-list', { fileName: playersFile, layout: slate.layoutName, then: 'give-players' }));
    let players = slate.players;
    err(`read ${players.length} players from ${playersFile} (${slate.layoutName})`);
    for (const note of [...slate.warnings, ...statusWarnings(players)]) err(`warning: ${renderMessage(note)}`);
    if (values.projections !== undefined) {
      const rows = readProjectionRows(await readText(io, values.projections), values.projections);
      const report = matchProjections(rows, players);
      players = applyProjectionMatches(players, report.matched);
      err(`${values.projections}: ${report.matched.length} matched, ${report.ambiguous.length} ambiguous, ${report.unmatched.length} unmatched`);
      for (const a of report.ambiguous) err(`  ambiguous (line ${a.row.line}): ${a.row.name}: ${a.candidates.map((c) => `${c.Name} ${c.TeamAbbrev} ${c.Position} (${c.Id})`).join(' or ')}`);
      for (const u of report.unmatched) err(`  unmatched (line ${u.row.line}): ${renderMessage(u.reason)}`);
    } else if (slate.seasonAverages) {
      const column = slate.playersFormat === 'dk-salaries' ? 'AvgPointsPerGame' : 'FPPG';
      err(`warning: ${renderMessage(coded('cli-season-averages', { fileName: playersFile, column }))}`);
    }

    // Read rows keep their own points; a labelled captain row is multiplied here, once, as the page does after a fetch.
    if (roster.contestType === 'showdown') players = withCaptainPoints(players);
    const request: BuildRequest = { sport: roster.sport, site: roster.site, contestType: roster.contestType, players, settings, ...inputs };
    if (seed !== undefined) request.seed = seed;
    if (values.now !== undefined) request.now = values.now;
    if (entriesFile && !fill) {
      const { results, warnings } = await lateSwapEntries(request, entriesFile.entries, { fileName: values.entries! });
      for (const warning of warnings) err(`warning: ${renderMessage(warning)}`);
      for (const r of results) err(`entry ${r.entry.entryId} (${r.entry.contestName}): ${r.status}${r.reason ? `: ${renderMessage(r.reason)}` : ''}`);
      await writeText(io, out, writeEntriesBack(entriesText, entriesFile, results));
      io.stdout.write(`wrote ${results.length} entries to ${out} (${results.filter((r) => r.status === 'swapped').length} swapped)\n`);
      return EXIT_OK;
    }
    for await (const batch of buildLineups(request)) {
      lineups = lineups.concat(batch.lineups);
      for (const warning of batch.warnings) err(`warning: ${renderMessage(warning)}`);
      err(`built ${batch.count}/${batch.total} lineups`);
    }
    if (simulation) lineups = await runSimulationPlan(simulation, request, lineups, err, (path, text) => writeText(io, path, text));
    if (entriesFile) {
      const filled = fillEntries(entriesFile.entries, lineups, roster);
      await writeText(io, out, writeEntriesBack(entriesText, entriesFile, filled.entries));
      const contests = new Set(entriesFile.entries.map((e) => e.contestId)).size;
      io.stdout.write(`filled ${filled.filled} entries of ${contests} contest${contests > 1 ? 's' : ''} in ${out}${filled.unfilled ? ` (${filled.unfilled} left empty)` : ''}\n`);
      return EXIT_OK;
    }
    await writeLineups(io, out, lineups, roster, lateSwap);
    io.stdout.write(`wrote ${lineups.length} lineups to ${out}\n`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${PROGRAM}: ${error.message}`);
      if (!(error instanceof FileError)) err(`Run ${PROGRAM} --help for usage.`);
      return EXIT_BAD_INPUT;
    }
    if (error instanceof InputError) {
      err(`${PROGRAM}: ${error.message}`);
      return EXIT_BAD_INPUT;
    }
    if (error instanceof BuildError) {
      err(`${PROGRAM}: ${error.message}`);
      if (lineups.length > 0 && roster) {
        // Keep what was built before the build got stuck.
        try {
          await writeLineups(io, out, lineups, roster, lateSwap);
          err(`wrote the ${lineups.length} lineups built before that to ${out}`);
        } catch (writeError) {
          err(`${PROGRAM}: ${errorText(writeError)}`);
        }
      }
      return EXIT_NO_LINEUP;
    }
    err(`${PROGRAM}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return EXIT_FAILURE;
  }
}

async function writeLineups(io: CliIo, out: string, lineups: Lineup[], roster: RosterSpec, entries = false): Promise<void> {
  await writeText(io, out, entries ? lineupsToEntriesCsv(lineups, roster) : lineupsToUploadCsv(lineups, roster));
}

async function writeText(io: CliIo, out: string, text: string): Promise<void> {
  const mkdir = io.mkdir ?? ((p: string) => fsMkdir(p, { recursive: true }));
  const write = io.writeFile ?? ((p: string, text: string) => fsWriteFile(p, text, 'utf8'));
  try {
    await mkdir(dirname(out));
    await write(out, text);
  } catch (error) {
    throw new FileError(coded('cli-cannot-write', { fileName: out, reason: errorText(error) }));
  }
}

if (isMainModule(import.meta.url)) {
  process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
}
