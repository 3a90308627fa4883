// Serves the built web app (packages/web/dist) when present. The SPA fallback (index.html
// for GETs outside /api, /docs and the build socket) is in the not-found handler (errors.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export function hasWebApp(root: string | undefined): root is string {
  return !!root && existsSync(join(root, 'index.html'));
}

export default fp<{ root: string }>(async (app, { root }) => {
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
}, { name: 'web' });
