// The database concern: decorates the app with the database (opened by buildApp before any
// plugin starts, so a slow or unreachable database fails start-up with its own clear error,
// not a plugin timeout), makes sure the plans exist, closes the database with the app.
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.js';
import { openDb, type Db, type DbOptions } from '../db/connect.js';
import { describeDatabaseUrl } from '../db/errors.js';
import { ensurePlans } from '../services/plans.js';

/** How the configured database is opened; dropped PostgreSQL connections are logged, never fatal. */
export function dbOptionsOf(config: ServerConfig, log: FastifyBaseLogger): DbOptions {
  return {
    databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, pgSchema: config.pgSchema, timeouts: config.dbTimeouts,
    onConnectionError: (error) => log.warn({ database: describeDatabaseUrl(config.databaseUrl ?? ''), cause: error.message }, 'a database connection dropped; the pool opens a new one when needed'),
  };
}

export async function openConfiguredDb(config: ServerConfig, log: FastifyBaseLogger): Promise<Db> {
  return openDb(dbOptionsOf(config, log));
}

export default fp<{ db: Db; owned: boolean }>(async (app, { db, owned }) => {
  await ensurePlans(db.kysely);
  app.decorate('db', db.kysely);
  app.decorate('dbKind', db.kind);
  // A database handed in by the caller (tests) is the caller's to close.
  if (owned) app.addHook('onClose', async () => db.close());
}, { name: 'db' });
