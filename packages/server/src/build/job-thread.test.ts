// The job threads (piscina) that run simulations, late swaps and uploaded files: the pool's size
// bounds the jobs running at once whoever asks, its queue is bounded (a job beyond answers
// busy), each job is stopped at its time bound, and a cancelled job ends at once.
import { jobNeededTooMuchMemory, JOBS_BUSY, jobTookTooLong } from '@stacksmith/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileJob } from './file-worker.js';
import { JobThreads } from './job-thread.js';

/** A projection match of one name: `rows` rows against `players` namesakes, some work for a thread. */
function sameNameMatch(rows: number, players: number): FileJob {
  return {
    kind: 'projection-match', fileName: 'p.csv',
    csv: `Name,Team,ProjPts\n${Array.from({ length: rows }, (_, i) => `Same Name,T${i % 7},1`).join('\n')}\n`,
    players: Array.from({ length: players }, (_, i) => ({ Id: String(i + 1), Name: 'Same Name', TeamAbbrev: `T${i % 7}`, Position: 'WR', Salary: 3000, ProjPts: 1 })),
  };
}

describe('job threads', { timeout: 120_000 }, () => {
  let threads: JobThreads | undefined;
  afterEach(async () => threads?.close());

  it('runs a job and answers its outcome as data (a reader error is an input failure)', async () => {
    threads = new JobThreads({ threads: 1, maxQueue: 4, timeoutMs: 60_000 });
    const done = await threads.run<never, { ambiguous: { candidates: unknown[]; candidateCount: number }[] }>('file-worker', sameNameMatch(10, 100), null, new AbortController().signal);
    expect(done.status).toBe('done');
    if (done.status === 'done') expect(JSON.parse(done.answer as unknown as string).ambiguous[0]).toMatchObject({ candidateCount: 15 });
    const bad = await threads.run('file-worker', { kind: 'projection-match', fileName: 'p.csv', csv: 'Foo\n1', players: [] } satisfies FileJob, null, new AbortController().signal);
    expect(bad).toMatchObject({ status: 'failed', kind: 'input' });
  });

  it('runs at most its threads at once and queues at most maxQueue: the next job is told the server is busy', async () => {
    threads = new JobThreads({ threads: 1, maxQueue: 1, timeoutMs: 60_000 });
    const signal = new AbortController().signal;
    const outcomes = await Promise.all([0, 1, 2, 3].map(() => threads!.run('file-worker', sameNameMatch(3000, 3000), null, signal)));
    const busy = outcomes.filter((o) => o.status === 'failed' && o.kind === 'busy');
    expect(outcomes.filter((o) => o.status === 'done')).toHaveLength(2);
    expect(busy).toHaveLength(2);
    expect(busy[0]).toEqual({ status: 'failed', kind: 'busy', message: JOBS_BUSY, coded: { code: 'jobs-busy', params: {} } });
  });

  it('stops a job at its time bound (from its start in a thread) and when its client goes away', async () => {
    threads = new JobThreads({ threads: 1, maxQueue: 2, timeoutMs: 200 });
    const slow = sameNameMatch(20_000, 6_000);
    expect(await threads.run('file-worker', slow, null, new AbortController().signal))
      .toEqual({ status: 'failed', kind: 'input', message: jobTookTooLong(0), coded: { code: 'job-took-too-long', params: { seconds: 0 } } });
    const controller = new AbortController();
    const running = threads.run('file-worker', slow, null, controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect(await running).toEqual({ status: 'cancelled' });
    // The pool still works after its threads were terminated.
    expect((await threads.run('file-worker', sameNameMatch(5, 5), null, new AbortController().signal)).status).toBe('done');
  });

  it('stops a job that outgrows its thread\'s heap as an input failure, and the server and pool carry on', async () => {
    threads = new JobThreads({ threads: 1, maxQueue: 2, timeoutMs: 120_000, heapMb: 32 });
    // 6,000 namesakes against 20,000 rows: far more than 32 MB of candidates and report.
    const outcome = await threads.run('file-worker', sameNameMatch(20_000, 6_000), null, new AbortController().signal);
    expect(outcome).toEqual({ status: 'failed', kind: 'input', message: jobNeededTooMuchMemory(32), coded: { code: 'job-needed-too-much-memory', params: { megabytes: 32 } } });
    expect((await threads.run('file-worker', sameNameMatch(5, 5), null, new AbortController().signal)).status).toBe('done');
  });
});
