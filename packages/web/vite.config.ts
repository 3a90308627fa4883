import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const serverPort = process.env.STACKSMITH_SERVER_PORT ?? '8080';

// The dev server proxies the API and the build socket to the Fastify server; in production the
// server itself serves dist/ on the same origin.
export default defineConfig({
  plugins: [react()],
  resolve: {
    dedupe: ['react', 'react-dom'],
    alias: {
      '@stacksmith/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
      // The contest templates only (pure): the simulation itself runs on the server.
      '@stacksmith/sim/contest': fileURLToPath(new URL('../sim/src/contest.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/build': { target: `ws://localhost:${serverPort}`, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
});
