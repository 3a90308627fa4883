import { DATABASE_UNAVAILABLE, INTERNAL_ERROR, SAVE_CONFLICT } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { configFromEnv } from '../config.js';
import { openTestDb } from '../test-support/harness.js';
import type { Db } from '../db/connect.js';

const withCode = (code: string) => Object.assign(new Error(`driver text ${code}`), { code });

describe('what a storage error becomes for the client', () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    db = (await openTestDb('sqlite')).db;
    app = await buildApp(configFromEnv({}, { logger: false, jwtSecret: 'test-secret-0123456789abcdef', buildWorkers: 1, seedDemo: false, webDist: undefined }), { db });
    app.get('/api/test/unique', async () => { throw withCode('23505'); });
    app.get('/api/test/terminated', async () => { throw withCode('57P01'); });
    app.get('/api/test/busy', async () => { throw withCode('SQLITE_BUSY'); });
    app.get('/api/test/bug', async () => { throw new TypeError('x is undefined'); });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers an unexpected unique conflict 409, the database away 503, and keeps driver texts to itself', async () => {
    const unique = await app.inject({ method: 'GET', url: '/api/test/unique' });
    expect([unique.statusCode, unique.json()]).toEqual([409, { error: SAVE_CONFLICT, code: 'save-conflict', params: {} }]);
    for (const url of ['/api/test/terminated', '/api/test/busy']) {
      const down = await app.inject({ method: 'GET', url });
      expect([down.statusCode, down.json(), down.headers['retry-after']]).toEqual([503, { error: DATABASE_UNAVAILABLE, code: 'database-unavailable', params: {} }, '5']);
    }
    const bug = await app.inject({ method: 'GET', url: '/api/test/bug' });
    expect([bug.statusCode, bug.json()]).toEqual([500, { error: INTERNAL_ERROR, code: 'internal-error', params: {} }]);
  });

  it('answers framework errors (a malformed URL, an over-long path part) as {error}', async () => {
    const long = await app.inject({ method: 'GET', url: `/api/check-promo/${'x'.repeat(5000)}` });
    expect([long.statusCode, long.json()]).toEqual([414, { error: 'A part of the path is too long', code: 'path-too-long', params: {} }]);
    const malformed = await app.inject({ method: 'GET', url: '/api/check-promo/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(typeof malformed.json().error).toBe('string');
  });
});
