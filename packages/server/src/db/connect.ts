// The database: an embedded SQLite file by default (WAL, foreign keys on), PostgreSQL when
// DATABASE_URL names one. Everything above this file sees only Kysely<Database>.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { causeOf, describeDatabaseUrl, isDatabaseUnavailable } from './errors.js';
import { migrateToLatest } from './migrations.js';
import type { Database } from './schema.js';

export type DbKind = 'sqlite' | 'postgres';

export interface DbOptions {
  /** postgres://… to use PostgreSQL; otherwise SQLite at sqlitePath. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:'. */
  sqlitePath?: string;
  /** PostgreSQL schema to work in (created when missing); tests use one per file. */
  pgSchema?: string | undefined;
  /** PostgreSQL: how long to wait for a connection and a statement (defaults: DEFAULT_DB_TIMEOUTS). */
  timeouts?: Partial<DbTimeouts> | undefined;
  /** PostgreSQL: the application_name its sessions carry (pg_stat_activity); default stacksmith or stacksmith/{schema}. */
  applicationName?: string | undefined;
  /** Told when a pooled PostgreSQL connection drops (the pool discards it and opens another when needed). */
  onConnectionError?: ((error: Error) => void) | undefined;
}

/** PostgreSQL limits that turn an outage into a prompt error instead of a hung request. */
export interface DbTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** Server side: PostgreSQL cancels a statement running longer (statement_timeout). */
  statementMs: number;
  /** Client side: a query without any answer for this long fails and its connection is dropped (silent outages). */
  queryMs: number;
  /** Server side: a transaction left idle this long is ended (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5_000, statementMs: 15_000, queryMs: 20_000, idleInTransactionMs: 30_000 };

/** The database could not be opened at start-up: says which (without the password) and why. */
export class DatabaseStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseStartError';
  }
}

export interface Db {
  kysely: Kysely<Database>;
  kind: DbKind;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Ends a client without waiting on a server that never answers. */
async function endQuietly(client: pg.Client, waitMs = 1_000): Promise<void> {
  await Promise.race([client.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
}

/** Connects once (creating the schema when asked) so that start-up fails fast, naming the database and the cause. */
async function probePostgres(url: string, timeouts: DbTimeouts, schema: string | undefined): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs, query_timeout: timeouts.queryMs });
  // An error after connect (the server going away) must not be an unhandled 'error' event.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    // node-postgres says only "timeout expired" / "Query read timeout": say what waited how long.
    const cause = /timeout expired|connection timeout/i.test(message) ? `no answer to the connection within ${timeouts.connectMs} ms (${message})`
      : /Query read timeout/i.test(message) ? `connected, but no answer to a query within ${timeouts.queryMs} ms` : causeOf(error);
    throw new DatabaseStartError(`Cannot use the PostgreSQL database ${describeDatabaseUrl(url)}: ${cause}`, { cause: error });
  } finally {
    await endQuietly(client);
  }
}

/**
 * The pool as Kysely sees it, with one change: a connection whose query failed because the
 * connection broke or timed out goes back to pg-pool with that error, so the pool drops it
 * instead of lending it out again (a timed-out query may still be stuck on it).
 */
function dropBrokenConnections(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      return {
        query: ((...args: Parameters<pg.PoolClient['query']>) => {
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          if (result instanceof Promise) {
            return result.catch((error: unknown) => {
              if (isDatabaseUnavailable(error)) broken = error as Error;
              throw error;
            });
          }
          return result;
        }) as PostgresPoolClient['query'],
        release: () => client.release(broken),
      };
    },
    end: () => pool.end(),
  };
}

function openPostgresPool(url: string, options: DbOptions, timeouts: DbTimeouts, max = 10): pg.Pool {
  const schema = options.pgSchema;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // The schema in the name tells one server's sessions from another's (pg_stat_activity).
    application_name: options.applicationName ?? (schema ? `stacksmith/${schema}` : 'stacksmith'),
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Notices a dead peer on an idle connection (a failover without a reset).
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const report = options.onConnectionError ?? (() => undefined);
  // Without these an 'error' event of a dropped connection (pg_terminate_backend, a restart,
  // a failover) is unhandled and ends the process. The pool's own handler covers idle
  // connections; the one per client covers a connection lent out between two queries.
  pool.on('error', (error) => report(error));
  pool.on('connect', (client) => client.on('error', (error) => report(error)));
  return pool;
}

/** Runs the migrations; a failure names the database and the cause. */
async function migrate(kysely: Kysely<Database>, kind: DbKind, options: DbOptions): Promise<void> {
  try {
    await migrateToLatest(kysely as unknown as Kysely<unknown>, kind, kind === 'postgres' ? options.pgSchema : undefined);
  } catch (error) {
    const which = kind === 'postgres' ? `the PostgreSQL database ${describeDatabaseUrl(options.databaseUrl!)}` : `the SQLite database ${options.sqlitePath ?? ':memory:'}`;
    throw new DatabaseStartError(`Cannot migrate ${which}: ${causeOf(error)}`, { cause: error });
  }
}

export async function openDb(options: DbOptions): Promise<Db> {
  let kysely: Kysely<Database>;
  let kind: DbKind;
  if (isPostgresUrl(options.databaseUrl)) {
    kind = 'postgres';
    const url = options.databaseUrl;
    const schema = options.pgSchema;
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`bad PostgreSQL schema name "${schema}"`);
    const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
    await probePostgres(url, timeouts, schema);
    // Migrations get a connection of their own without the statement limits: building an
    // index on a large table may rightly take longer than any request should.
    const migrator = new Kysely<Database>({ dialect: new PostgresDialect({ pool: openPostgresPool(url, options, { ...timeouts, statementMs: 0, queryMs: 0 }, 1) }) });
    try {
      await migrate(migrator, kind, options);
    } finally {
      await migrator.destroy();
    }
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: dropBrokenConnections(openPostgresPool(url, options, timeouts)) }) });
  } else {
    kind = 'sqlite';
    const path = options.sqlitePath ?? ':memory:';
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const database = new SQLite(path);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    await migrate(kysely, kind, options).catch(async (error: unknown) => {
      await kysely.destroy();
      throw error;
    });
  }
  return {
    kysely,
    kind,
    close: () => kysely.destroy(),
  };
}

/** Drops a PostgreSQL schema and all in it (tests clean up after themselves). */
export async function dropPgSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`bad PostgreSQL schema name "${schema}"`);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: DEFAULT_DB_TIMEOUTS.connectMs });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await endQuietly(client);
  }
}

export { sql };
