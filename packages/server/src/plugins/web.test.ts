import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';

const BIG_SCRIPT = Array.from({ length: 4000 }, (_, i) => `export const value${i} = ${i};`).join('\n');

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'stacksmith-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Stacksmith</title><div id="root"></div>');
    writeFileSync(join(dist, 'app.js'), 'console.log("app")');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), BIG_SCRIPT);
    t = await createTestApp('sqlite', { webDist: dist }, false);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files and falls back to index.html for page routes', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    for (const url of ['/', '/optimizer/classic/nfl/dk/Main', '/login?redirectTo=/plans']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Stacksmith</title>');
    }
  });

  it('compresses for browsers that accept it and caches hashed assets for good, index.html never', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    for (const url of ['/', '/index.html', '/optimizer/classic/nfl/dk/Main']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps {error} 404s for unknown API paths and non-GET requests', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toMatch(/Not found/);
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });
});

describe('without a built web app', () => {
  it('answers 404 {error} for page routes', async () => {
    const t = await createTestApp('sqlite', { webDist: undefined }, false);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/optimizer' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatch(/Not found/);
    } finally {
      await t.close();
    }
  });
});
