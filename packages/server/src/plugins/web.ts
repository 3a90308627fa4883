// Serves the built web app (packages/web/dist) when present. The SPA fallback (index.html
// for GETs outside /api, /docs and the build socket) is in the not-found handler (errors.ts).
// Responses are compressed (plugins/compression.ts, registered first); Vite's hashed files under
// /assets/ never change, so browsers keep them a year, while index.html (which names them) is
// revalidated on every load.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
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
  await app.register(fastifyStatic, {
    root, wildcard: false, index: ['index.html'], cacheControl: false,
    setHeaders: (reply, path) => { reply.header('cache-control', webCacheControl(path)); },
  });
}, { name: 'web', dependencies: ['compression'] });
