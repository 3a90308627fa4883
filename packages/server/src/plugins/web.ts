// Serves the built web app (packages/web/dist) when present. The SPA fallback (index.html
// for GETs outside /api, /docs and the build socket) is in the not-found handler (errors.ts).
// Responses are compressed (brotli or gzip, as the browser accepts); Vite's hashed files under
// /assets/ never change, so browsers keep them a year, while index.html (which names them) is
// revalidated on every load.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

export function hasWebApp(root: string | undefined): root is string {
  return !!root && existsSync(join(root, 'index.html'));
}

/** Cache-Control of a file of the built app: hashed assets forever, everything else revalidated. */
export function webCacheControl(path: string): string {
  return path.includes(`${sep}assets${sep}`) || path.includes('/assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

export default fp<{ root: string }>(async (app, { root }) => {
  // Registered before the static routes (compress hooks apply to routes added after them).
  // Brotli at quality 5: close to the best size at a small share of quality 11's CPU, which
  // matters when the app's largest script is compressed per request.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyStatic, {
    root, wildcard: false, index: ['index.html'], cacheControl: false,
    setHeaders: (reply, path) => { reply.header('cache-control', webCacheControl(path)); },
  });
}, { name: 'web' });
