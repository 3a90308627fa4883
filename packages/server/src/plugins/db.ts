// The database concern: opens (or takes) the database, migrates it, closes it with the app.
import fp from 'fastify-plugin';
import { openDb, type Db } from '../db/connect.js';
import { ensurePlans } from '../services/plans.js';

export default fp<{ db?: Db }>(async (app, options) => {
  const db = options.db ?? await openDb({
    databaseUrl: app.config.databaseUrl, sqlitePath: app.config.sqlitePath, pgSchema: app.config.pgSchema,
  });
  await ensurePlans(db.kysely);
  app.decorate('db', db.kysely);
  app.decorate('dbKind', db.kind);
  // A database handed in by the caller (tests) is the caller's to close.
  if (!options.db) app.addHook('onClose', async () => db.close());
}, { name: 'db' });
