// Responses are compressed (brotli or gzip, as the browser accepts): API JSON (one week's
// players is about 124 kB raw) as well as the web app's files. Registered before every route,
// since @fastify/compress hooks apply only to routes added after it; the build socket's frames
// are not HTTP replies and stay as they are.
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

export default fp(async (app) => {
  // Brotli at quality 5: close to the best size at a small share of quality 11's CPU, which
  // matters when a large reply (the app's largest script, a slate's players) is compressed per request.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}, { name: 'compression' });
