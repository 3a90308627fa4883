// API JSON is compressed like the web app's files: a slate's players went out raw (124 kB).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';

const PLAYERS = '/api/nfl/players/dk/classic/main/Main/2023/1';

describe('compressed API replies', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp('sqlite'); });
  afterAll(async () => t.close());

  it('sends JSON in brotli or gzip as the client accepts, and plain to one that accepts neither', async () => {
    const plain = await t.app.inject({ method: 'GET', url: PLAYERS });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json() as { players: unknown[] };
    expect(json.players.length).toBeGreaterThan(50);

    const br = await t.app.inject({ method: 'GET', url: PLAYERS, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gzip = await t.app.inject({ method: 'GET', url: PLAYERS, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
  });

  it('leaves small replies and errors readable', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().error).toMatch(/Not found/);
  });
});
