// The build pool's backstop: a build that does not stop within the grace after its cancel
// (here a worker that never reads its cancel flag) is stopped by terminating its worker, and
// the pool goes on serving with a new one. The optimizer's own looks at the flag are tested in
// packages/optimizer/src/cancel.test.ts and routes/build-cancel.test.ts.
import type { BuildRequest } from '@stacksmith/optimizer';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildPool, workerFile } from './pool.js';

describe('the build pool', () => {
  const pool = new BuildPool(1, { cancelGraceMs: 200, worker: workerFile(new URL('../test-support/stuck-worker', import.meta.url)) });
  afterAll(async () => pool.close());
  const request = {} as BuildRequest;

  it('terminates a worker that ignores its cancel, and runs the next build on a new one', async () => {
    const controller = new AbortController();
    const stuck = pool.run(request, () => {}, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the worker is spinning by now
    controller.abort();
    expect(await stuck).toEqual({ status: 'cancelled' });
    expect(pool.stats).toMatchObject({ started: 1, cancelled: 1, stopped: 1 });
    // The stuck worker answers a request with { spin: false } at once.
    const next = await pool.run({ spin: false } as unknown as BuildRequest, () => {}, new AbortController().signal);
    expect(next).toEqual({ status: 'done' });
    expect(pool.stats).toMatchObject({ started: 2, done: 1, stopped: 1 });
  });
});
