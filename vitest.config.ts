import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// Tests import workspace packages from source so that `vitest run` needs no build step.
export default defineConfig({
  resolve: {
    alias: {
      '@stacksmith/domain': fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url)),
      '@stacksmith/sim/contest': fileURLToPath(new URL('./packages/sim/src/contest.ts', import.meta.url)),
      '@stacksmith/sim': fileURLToPath(new URL('./packages/sim/src/index.ts', import.meta.url)),
      '@stacksmith/optimizer': fileURLToPath(new URL('./packages/optimizer/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx', 'bench/**/*.test.ts'],
    // Browser tests in e2e/ run with Playwright (npm run test:e2e), never here.
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: a single fork on a 2-core CI machine.
    // Much of the suite waits on spawned servers, workers, sockets and timers, so one fork per
    // core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
