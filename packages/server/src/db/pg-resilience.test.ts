// A server on PostgreSQL outlives dropped connections (pg_terminate_backend
// under load), answers a silent outage promptly with a 503, recovers when the database is back,
// and fails start-up against an unreachable or hung database naming it and the cause.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DATABASE_UNAVAILABLE } from '@stacksmith/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { configFromEnv } from '../config.js';
import { PG_URL, pgAvailable } from '../test-support/harness.js';
import { DatabaseStartError, dropPgSchema, openDb } from './connect.js';
import { isDatabaseUnavailable } from './errors.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const newSchema = () => `t_${randomBytes(6).toString('hex')}`;

/** `node --import tsx src/main.ts` with the given environment; resolves once it listens (its URL) or exits. */
function startServer(env: Record<string, string>): { child: ChildProcess; ready: Promise<string>; exited: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO, env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', BUILD_WORKERS: '1', JWT_SECRET: 'test-secret-0123456789abcdef', LOG: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  const ready = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    void exited.then(({ code }) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return { child, ready, exited };
}

/** A TCP relay to PostgreSQL that can go silent (accepts, forwards nothing), as a network outage does. */
class SilentableRelay {
  private server: Server;
  private sockets = new Set<Socket>();
  silent = false;
  /** Down: every connection is reset and new ones are dropped at once, as in a restart. */
  private down = false;
  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => {
      if (this.down) {
        client.resetAndDestroy();
        return;
      }
      this.sockets.add(client);
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      client.on('data', (data) => { if (!this.silent) upstream.write(data); });
      upstream.on('data', (data) => { if (!this.silent) client.write(data); });
      const end = () => { client.destroy(); upstream.destroy(); this.sockets.delete(client); this.sockets.delete(upstream); };
      client.on('close', end).on('error', end);
      upstream.on('close', end).on('error', end);
    });
  }
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }
  restart(down: boolean) {
    this.down = down;
    if (down) for (const socket of this.sockets) socket.resetAndDestroy();
  }
  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The URL with another host and port. */
function viaPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

describe.runIf(pgAvailable)('PostgreSQL connections going away', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await dropPgSchema(PG_URL, schema);
  });

  it('keeps a server process up and answering while its backends are terminated under load', async () => {
    const schema = newSchema();
    schemas.push(schema);
    const server = startServer({ DATABASE_URL: PG_URL, PG_SCHEMA: schema });
    try {
      const base = await server.ready;
      const signUp = await fetch(`${base}/api/sign-up`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'load@example.com', password: 'correct horse', first_name: 'L', last_name: 'Oad' }),
      });
      const token = ((await signUp.json()) as { access_token: string }).access_token;
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const calls: (() => Promise<Response>)[] = [
        () => fetch(`${base}/api/plans`),
        () => fetch(`${base}/api/check-promo/NOPE`),
        () => fetch(`${base}/api/account-info`, { headers: auth }),
        // A transaction of several statements: the connection is held between queries.
        () => fetch(`${base}/api/nfl/user-projections/main/dk/Main/2023/1/${Date.now()}`, {
          method: 'POST', headers: auth, body: JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ Id: String(i), UserProj: i }))),
        }),
      ];
      const statuses = new Map<number, number>();
      const badBodies: string[] = [];
      let loading = true;
      const worker = async (offset: number) => {
        for (let i = offset; loading; i++) {
          const res = await calls[i % calls.length]!();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = await res.text();
          if (res.status >= 500 && (res.status !== 503 || JSON.parse(body).error !== DATABASE_UNAVAILABLE)) badBodies.push(`${res.status} ${body}`);
        }
      };
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      let terminated = 0;
      try {
        const load = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
        for (let round = 0; round < 12; round++) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [`stacksmith/${schema}`]);
          terminated += killed.rowCount ?? 0;
        }
        loading = false;
        await load;
      } finally {
        await admin.end();
      }
      expect(terminated).toBeGreaterThan(0);
      expect(server.child.exitCode).toBeNull();
      expect(badBodies).toEqual([]);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      // The database is back: every call answers again, on fresh connections (after the last
      // round's dropped connections have been noticed and discarded).
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const call of calls) expect((await call()).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  describe('a silent outage', () => {
    let relay: SilentableRelay;
    afterEach(async () => relay?.close());

    it('fails requests with a 503 {error} instead of hanging (and during a restart), and answers again when the database is back', async () => {
      const pgUrl = new URL(PG_URL);
      relay = new SilentableRelay({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
      const url = viaPort(PG_URL, await relay.listen());
      const schema = newSchema();
      schemas.push(schema);
      const db = await openDb({ databaseUrl: url, pgSchema: schema, timeouts: { connectMs: 800, queryMs: 1200, statementMs: 1000 } });
      const config = configFromEnv({}, { logger: false, jwtSecret: 'test-secret-0123456789abcdef', buildWorkers: 1, seedDemo: false, webDist: undefined });
      const app = await buildApp(config, { db });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
        relay.silent = true;
        // Both a pooled connection that stops answering and a new one that never finishes its handshake end in a 503.
        for (const path of ['/api/plans', '/api/check-promo/ABC']) {
          const res = await app.inject({ method: 'GET', url: path });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({ error: DATABASE_UNAVAILABLE, code: 'database-unavailable', params: {} });
          expect(res.headers['retry-after']).toBe('5');
        }
        relay.silent = false;
        const back = await app.inject({ method: 'GET', url: '/api/plans' });
        expect(back.statusCode).toBe(200);
        // A restart: connections reset, then refused for a while, then accepted again.
        relay.restart(true);
        const during = await app.inject({ method: 'GET', url: '/api/plans' });
        expect(during.statusCode).toBe(503);
        expect(during.json()).toEqual({ error: DATABASE_UNAVAILABLE, code: 'database-unavailable', params: {} });
        relay.restart(false);
        expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await db.close();
      }
    });
  });

  it('cancels a statement over the statement timeout, as a database-unavailable error', async () => {
    const schema = newSchema();
    schemas.push(schema);
    const db = await openDb({ databaseUrl: PG_URL, pgSchema: schema, timeouts: { statementMs: 200 } });
    try {
      const error = await sql`select pg_sleep(3)`.execute(db.kysely).then(() => null, (e: unknown) => e);
      expect((error as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect((await sql<{ one: number }>`select 1 as one`.execute(db.kysely)).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});

describe('start-up against a database that is not there', () => {
  let hung: Server | undefined;
  const held: Socket[] = [];
  afterEach(async () => {
    for (const socket of held) socket.destroy();
    if (hung) await new Promise((resolve) => hung!.close(resolve));
    hung = undefined;
  });

  /** A port that accepts connections and never says a word (a hung server). */
  async function hungPort(): Promise<number> {
    hung = createServer((socket) => { held.push(socket); });
    await new Promise<void>((resolve) => hung!.listen(0, '127.0.0.1', resolve));
    return (hung.address() as { port: number }).port;
  }

  it('names an unreachable database (without its password) and the cause', async () => {
    const closed = await hungPort();
    await new Promise((resolve) => hung!.close(resolve));
    hung = undefined;
    const error = await openDb({ databaseUrl: `postgres://stack:s3cret@127.0.0.1:${closed}/prod` }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseStartError);
    const message = (error as Error).message;
    expect(message).toContain(`postgres://stack@127.0.0.1:${closed}/prod`);
    expect(message).toContain('ECONNREFUSED');
    expect(message).not.toContain('s3cret');
  });

  it('gives up on a hung database after the connect timeout, saying so', async () => {
    const port = await hungPort();
    const error = await openDb({ databaseUrl: `postgres://stack:s3cret@127.0.0.1:${port}/prod`, timeouts: { connectMs: 300 } }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseStartError);
    expect((error as Error).message).toMatch(new RegExp(`^Cannot use the PostgreSQL database postgres://stack@127\\.0\\.0\\.1:${port}/prod: .*timeout`, 'i'));
  });

  it('exits the server non-zero with one clear line', async () => {
    const port = await hungPort();
    const server = startServer({ DATABASE_URL: `postgres://stack:s3cret@127.0.0.1:${port}/prod`, DB_CONNECT_TIMEOUT_MS: '300' });
    server.ready.catch(() => undefined);
    const { code, stderr } = await server.exited;
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`Stacksmith could not start: Cannot use the PostgreSQL database postgres://stack@127\\.0\\.0\\.1:${port}/prod: .*timeout`, 'i'));
    expect(stderr).not.toContain('s3cret');
    expect(stderr).not.toMatch(/Plugin did not start in time|migration \? failed|\n\s+at /);
  });
});
