// Test harness: every storage test runs on SQLite and, when reachable, on PostgreSQL (a fresh
// schema per app, dropped afterwards, so parallel test files never collide).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { configFromEnv, type ServerConfig } from '../config.js';
import { dropPgSchema, openDb, type Db, type DbKind } from '../db/connect.js';
import type { SeedOptions } from '../demo/seed.js';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const pgAvailable = await canConnect(PG_URL);
/**
 * A run that names a database (TEST_DATABASE_URL) or runs in CI must test on PostgreSQL: there a
 * database that does not answer fails every storage test file instead of leaving it to SQLite.
 */
export const pgRequired = Boolean(process.env.TEST_DATABASE_URL || process.env.CI);
if (!pgAvailable && pgRequired) {
  throw new Error(`PostgreSQL is not reachable at ${PG_URL}, and this run requires it (TEST_DATABASE_URL or CI is set).`);
}
if (!pgAvailable) console.warn(`PostgreSQL is not reachable at ${PG_URL}: storage tests run on SQLite only.`);

/** The databases every storage test runs on. */
export const DB_KINDS: DbKind[] = pgAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

/** A small demo set: nfl weeks 1 and 22, nba and pga on one day. */
export const TEST_SEED: SeedOptions = {
  nfl: { weeks: [1, 22], contestEntries: 60 },
  today: '2026-11-23', datesBefore: 0, datesAfter: 0, dateSports: ['nba', 'pga'],
};

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  close(): Promise<void>;
}

export async function openTestDb(kind: DbKind): Promise<{ db: Db; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const db = await openDb({ sqlitePath: ':memory:' });
    return { db, drop: async () => undefined };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDb({ databaseUrl: PG_URL, pgSchema: schema });
  return { db, drop: () => dropPgSchema(PG_URL, schema) };
}

export async function createTestApp(kind: DbKind, overrides: Partial<ServerConfig> = {}, seed: SeedOptions | false = TEST_SEED): Promise<TestApp> {
  const { db, drop } = await openTestDb(kind);
  return createTestAppOnDb(db, drop, overrides, seed);
}

/** An app on a database opened already (server nodes sharing one store); close() calls `drop` after closing the db. */
export async function createTestAppOnDb(db: Db, drop: () => Promise<void>, overrides: Partial<ServerConfig> = {}, seed: SeedOptions | false = TEST_SEED): Promise<TestApp> {
  const config = configFromEnv({}, {
    logger: false, jwtSecret: 'test-secret-0123456789abcdef', buildWorkers: 1,
    loginRateLimit: 1000, signUpRateLimit: 1000, passwordAttemptLimit: 1000, visitorWriteRateLimit: 1000, seedDemo: seed !== false,
    uploadRateLimitPerUser: 1000, uploadRateLimitPerAddress: 1000,
    webDist: undefined, smtpUrl: undefined, ...overrides,
  });
  const app = await buildApp(config, { db, ...(seed ? { seed } : {}) });
  await app.ready();
  return {
    app, db, config,
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/** Signs a user up and answers their bearer header. */
export async function signUp(app: FastifyInstance, email = `u${randomBytes(4).toString('hex')}@example.com`, password = 'correct horse') {
  const res = await app.inject({ method: 'POST', url: '/api/sign-up', payload: { email, password, first_name: 'Test', last_name: 'User' } });
  const body = res.json() as { access_token: string };
  if (!body.access_token) throw new Error(`sign-up failed: ${res.body}`);
  return { email, password, token: body.access_token, headers: { authorization: `Bearer ${body.access_token}` } };
}

/** Signs a user up on a plan of the catalogue ('Free', 'Pro', 'Elite') and answers their bearer header. */
export async function signUpOnPlan(t: TestApp, plan: string) {
  const user = await signUp(t.app);
  const row = await t.db.kysely.selectFrom('plans').select('id').where('name', '=', plan).executeTakeFirstOrThrow();
  await t.db.kysely.updateTable('users').set({ plan_id: row.id }).where('email', '=', user.email).execute();
  return user;
}
