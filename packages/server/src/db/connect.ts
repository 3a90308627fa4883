// The database: an embedded SQLite file by default (WAL, foreign keys on), PostgreSQL when
// DATABASE_URL names one. Everything above this file sees only Kysely<Database>.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
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

export async function openDb(options: DbOptions): Promise<Db> {
  let kysely: Kysely<Database>;
  let kind: DbKind;
  if (isPostgresUrl(options.databaseUrl)) {
    kind = 'postgres';
    const schema = options.pgSchema;
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`bad PostgreSQL schema name "${schema}"`);
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        await admin.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    kind = 'sqlite';
    const path = options.sqlitePath ?? ':memory:';
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const database = new SQLite(path);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  }
  await migrateToLatest(kysely as unknown as Kysely<unknown>, kind, kind === 'postgres' ? options.pgSchema : undefined);
  return {
    kysely,
    kind,
    close: () => kysely.destroy(),
  };
}

/** Drops a PostgreSQL schema and all in it (tests clean up after themselves). */
export async function dropPgSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`bad PostgreSQL schema name "${schema}"`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export { sql };
