#!/usr/bin/env node
// Operator commands: make an account admin, import data files, seed the demo data.
//   stacksmith-server make-admin EMAIL
//   stacksmith-server import-salaries|import-projections|import-contest --sport nfl --site dk --contest classic --season 2023 --counter 1 --slate Main FILE.csv
//   stacksmith-server import-game-logs|import-props --sport nfl --season 2023 FILE.csv
//   stacksmith-server seed-demo
// The database is the server's (DATABASE_URL, or the SQLite file under DATA_DIR).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isMainModule } from '@stacksmith/optimizer';
import { coded, CodedError, CONTEST_TYPES, SITES, SPORTS, renderMessage, type ContestType, type Site, type Sport } from '@stacksmith/domain';
import { configFromEnv } from './config.js';
import { openDb, type Db } from './db/connect.js';
import { seedDemo } from './demo/seed.js';
import { ImportError } from './importers/csv.js';
import { importContestStandings, importGameLogs, importProjections, importProps, importSalaries, type SlateTarget } from './importers/importers.js';
import { ensurePlans } from './services/plans.js';
import { setAdmin } from './services/users.js';

export const USAGE = `Usage: stacksmith-server COMMAND [options]
  make-admin EMAIL                 make an account an admin (remove with --revoke)
  import-salaries FILE.csv         DraftKings, FanDuel or Yahoo salary file, entries file or lineup template with its
                                   player list (or a projection CSV with every player column); the site must be --site's
  import-projections FILE.csv      projection CSV (Id, ProjPts, ProjOwn, Ceiling, ProjMins, MinExp, MaxExp) onto a slate;
                                   without an Id column, matched by name + team + position (the report is printed)
  import-contest FILE.csv          DraftKings contest-standings CSV, final or live (LOCKED players, partial lineups)
                                   [--contest-name NAME] [--cash-line N] [--field-size N]
  import-game-logs FILE.csv        game logs (Week, Name, Position, Team, Opponent, DKPts, ...)
  import-props FILE.csv            props odds (Week, Market, Name, Team, Position, oddsAmerican)
  seed-demo                        seed the demo data set (when the database has none)
Slate options: --sport nfl --site dk --contest classic --season 2023 --counter 1 --slate Main`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  readFile: (path: string) => Promise<string>;
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T {
  if (!value || !allowed.includes(value as T)) throw new ImportError(coded('cli-one-of', { flag: name, allowed: [...allowed] }));
  return value as T;
}

export async function runCli(argv: string[], db: Db, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      sport: { type: 'string' }, site: { type: 'string' }, contest: { type: 'string', default: 'classic' }, season: { type: 'string' },
      counter: { type: 'string' }, slate: { type: 'string', default: 'Main' }, 'contest-name': { type: 'string' }, 'cash-line': { type: 'string' },
      'field-size': { type: 'string' }, revoke: { type: 'boolean', default: false }, help: { type: 'boolean', default: false },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  const season = () => {
    const n = Number(values.season);
    if (!Number.isInteger(n)) throw new ImportError(coded('cli-season', {}));
    return n;
  };
  const target = (): SlateTarget => {
    if (!values.counter) throw new ImportError(coded('cli-counter', {}));
    return {
      sport: oneOf<Sport>('sport', values.sport, SPORTS), site: oneOf<Site>('site', values.site, SITES),
      contestType: oneOf<ContestType>('contest', values.contest, CONTEST_TYPES), season: season(), counter: values.counter, slate: values.slate!,
    };
  };
  const file = async () => {
    if (!arg) throw new ImportError(coded('cli-file-missing', { command }));
    try {
      return { text: await io.readFile(arg), name: arg };
    } catch (error) {
      throw new ImportError(coded('cli-cannot-read', { fileName: arg, reason: error instanceof Error ? error.message : String(error) }));
    }
  };
  try {
    switch (command) {
      case 'make-admin': {
        if (!arg) throw new ImportError(coded('cli-email-missing', {}));
        const done = await setAdmin(db.kysely, arg, !values.revoke);
        if (!done) throw new ImportError(coded('cli-no-account', { email: arg }));
        io.out(`${arg} is ${values.revoke ? 'no longer' : 'now'} an admin`);
        return 0;
      }
      case 'import-salaries': case 'import-projections': case 'import-contest': {
        const t = target();
        const f = await file();
        const report = command === 'import-salaries' ? await importSalaries(db.kysely, t, f.text, f.name)
          : command === 'import-projections' ? await importProjections(db.kysely, t, f.text, f.name)
            : await importContestStandings(db.kysely, t, f.text, f.name, {
              ...(values['contest-name'] ? { contestName: values['contest-name'] } : {}),
              ...(values['cash-line'] ? { cashLine: Number(values['cash-line']) } : {}),
              ...(values['field-size'] ? { fieldSize: Number(values['field-size']) } : {}),
            });
        io.out(`${f.name}: imported ${report.rows} rows${report.detail ? ` (${report.detail})` : ''}`);
        for (const note of report.notes ?? []) io.err(`warning: ${renderMessage(note)}`);
        if (report.excludedWarning) io.err(`warning: ${renderMessage(report.excludedWarning)}`);
        for (const a of report.match?.ambiguous ?? []) io.err(`ambiguous (line ${a.row.line}): ${a.row.name}: ${a.candidates.map((c) => `${c.Name} ${c.TeamAbbrev} (${c.Id})`).join(' or ')}`);
        for (const u of report.match?.unmatched ?? []) io.err(`unmatched (line ${u.row.line}): ${renderMessage(u.reason)}`);
        return 0;
      }
      case 'import-game-logs': case 'import-props': {
        const sport = oneOf<Sport>('sport', values.sport, SPORTS);
        const f = await file();
        const report = command === 'import-game-logs'
          ? await importGameLogs(db.kysely, sport, season(), f.text, f.name)
          : await importProps(db.kysely, sport, season(), f.text, f.name);
        io.out(`${f.name}: imported ${report.rows} rows`);
        return 0;
      }
      case 'seed-demo': {
        await ensurePlans(db.kysely);
        const report = await seedDemo(db.kysely);
        io.out(report.nflSeeded ? 'demo data seeded' : `the nfl demo season is already there; ${report.dateSlatesAdded} date slates added`);
        return 0;
      }
      default:
        io.err(`unknown command "${command}"\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    // Every importer answers a clear message and exit 2 for bad input, never a stack trace:
    // a refused input is a CodedError (ImportError, the optimizer's InputError, the domain's own).
    if (error instanceof CodedError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
}

if (isMainModule(import.meta.url)) {
  const config = configFromEnv();
  const db = await openDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, pgSchema: config.pgSchema, timeouts: config.dbTimeouts })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
  const code = await runCli(process.argv.slice(2), db, {
    out: (line) => console.log(line), err: (line) => console.error(line), readFile: (path) => readFile(path, 'utf8'),
  }).finally(() => db.close());
  process.exitCode = code;
}
