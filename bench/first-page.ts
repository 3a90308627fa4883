// First-page weight (a Lighthouse-style measure): what a browser downloads to show the home
// page: index.html and every file it names (scripts, module preloads, styles, icon), fetched
// as a browser would (Accept-Encoding: br, gzip) from the real server with the built web app.
// Prints each file's transferred bytes, the total against the 300 kB budget (the first
// page at most 300 kB gzipped, so it opens fast on a phone), and against the same files uncompressed.
// Run: npm run bench:first-page (builds first; the app is served in-process).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app.js';
import { configFromEnv } from '../packages/server/src/config.js';

const BUDGET_BYTES = 300 * 1024;
const webDist = fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'stacksmith-bench-'));
const app = await buildApp(configFromEnv({ DATA_DIR: dataDir }, { webDist, seedDemo: false, logger: false, databaseUrl: undefined }));

interface Transfer { url: string; encoding: string; bytes: number; gzipBytes: number; rawBytes: number }

async function get(url: string, encoding: string): Promise<{ status: number; bytes: number; encoding: string; body: string }> {
  const res = await app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  // Header bytes count too, as in a browser's transfer size.
  const headerBytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
  return { status: res.statusCode, bytes: res.rawPayload.length + headerBytes, encoding: String(res.headers['content-encoding'] ?? 'none'), body: res.body };
}

try {
  const index = await get('/', 'br, gzip');
  const html = (await get('/', '')).body;
  // Same-origin files named by index.html: <script src>, <link href> (modulepreload, stylesheet, icon).
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
  const files: Transfer[] = [{ url: '/', encoding: index.encoding, bytes: index.bytes, gzipBytes: (await get('/', 'gzip')).bytes, rawBytes: Buffer.byteLength(html) }];
  for (const url of [...new Set(named)]) {
    const compressed = await get(url, 'br, gzip');
    const gzip = await get(url, 'gzip');
    const plain = await get(url, '');
    files.push({ url, encoding: compressed.encoding, bytes: compressed.bytes, gzipBytes: gzip.bytes, rawBytes: plain.bytes });
  }
  const total = files.reduce((n, f) => n + f.bytes, 0);
  const gzipTotal = files.reduce((n, f) => n + f.gzipBytes, 0);
  const raw = files.reduce((n, f) => n + f.rawBytes, 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  for (const f of files) console.log(`${f.url.padEnd(44)} ${f.encoding.padEnd(5)} ${kb(f.bytes).padStart(10)}  (uncompressed ${kb(f.rawBytes)})`);
  console.log(`first page: ${files.length} files, ${kb(total)} transferred with brotli, ${kb(gzipTotal)} with gzip only, ${kb(raw)} uncompressed`);
  console.log(`ratio to the 300 kB budget (gzip): ${(gzipTotal / BUDGET_BYTES).toFixed(2)}× (${gzipTotal <= BUDGET_BYTES ? 'within' : 'OVER'})`);
  console.log(`ratio compressed / uncompressed: brotli ${(total / raw).toFixed(2)}, gzip ${(gzipTotal / raw).toFixed(2)}`);
  process.exitCode = gzipTotal <= BUDGET_BYTES ? 0 : 1;
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
