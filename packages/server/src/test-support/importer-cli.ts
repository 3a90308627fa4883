// A test database with the plans, and the operator CLI on it, its output lines collected:
// the set-up of the importers' tests.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import { runCli, type CliIo } from '../cli.js';
import type { Db, DbKind } from '../db/connect.js';
import { ensurePlans } from '../services/plans.js';
import { openTestDb } from './harness.js';

export interface ImporterCli {
  /** The open database (after beforeAll). */
  readonly db: Db;
  readonly out: string[];
  readonly err: string[];
  cli(...args: string[]): Promise<number>;
}

export function useImporterCli(kind: DbKind): ImporterCli {
  let db: Db | undefined;
  let drop: () => Promise<void> = async () => {};
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), readFile: (p) => readFile(p, 'utf8') };
  beforeAll(async () => {
    ({ db, drop } = await openTestDb(kind));
    await ensurePlans(db.kysely);
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });
  const opened = (): Db => {
    if (!db) throw new Error('the test database is not open yet');
    return db;
  };
  return {
    get db() { return opened(); },
    out, err,
    cli: (...args) => runCli(args, opened(), io),
  };
}
