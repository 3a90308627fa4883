// Where builds run, seen from the build socket: in this process's worker threads (BuildPool,
// the default) or on worker processes behind a Redis queue (QueueBuildRunner, with REDIS_URL).
// Both share one build path: a queue worker process runs its jobs on a BuildPool.
import type { BuildBatch, BuildRequest } from '@stacksmith/optimizer';
import type { BuildPoolStats } from './pool.js';
import type { BuildOutcome } from './worker.js';

export interface BuildRunOptions {
  /** Lineups per batch (default: the optimizer's). */
  batchSize?: number;
  /** Queue priority, 1 first (see buildPriority); the in-process pool runs in arrival order. */
  priority?: number;
  /** Sees the queue's job id once queued (the worker processes' log lines name it); not called in-process. */
  onQueued?: (jobId: string) => void;
}

export interface BuildRunner {
  readonly stats: BuildPoolStats;
  /** Runs a build; onBatch sees each batch once and in order; aborting the signal cancels it. */
  run(request: BuildRequest, onBatch: (batch: BuildBatch) => void, signal: AbortSignal, options?: BuildRunOptions): Promise<BuildOutcome>;
  close(): Promise<void>;
}

/** A held build slot of one user; released once, when the build (or its socket) has ended. */
export interface BuildLease {
  /** The user's other builds held when this one was admitted (its queue priority drops with them). */
  readonly othersHeld: number;
  release(): void;
}

/** Counts the builds each user (or visitor address) runs at once: in memory, or across server nodes in Redis. */
export interface BuildLimiter {
  /** A slot, or null when `who` already holds `max`. */
  acquire(who: string, max: number): Promise<BuildLease | null>;
  close(): Promise<void>;
}

/** The one-process limiter (no REDIS_URL). */
export class MemoryBuildLimiter implements BuildLimiter {
  private readonly running = new Map<string, number>();

  acquire(who: string, max: number): Promise<BuildLease | null> {
    const held = this.running.get(who) ?? 0;
    if (held >= max) return Promise.resolve(null);
    this.running.set(who, held + 1);
    let released = false;
    return Promise.resolve({
      othersHeld: held,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.running.get(who) ?? 1) - 1;
        if (left > 0) this.running.set(who, left);
        else this.running.delete(who);
      },
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Priority levels of plans (1 to 3): a build the user runs beside others ranks below all of them. */
const PLAN_LEVELS = 3;

/**
 * The queue priority of a build (BullMQ: 1 runs first). By plan: paying plans that build the
 * full 150 lineups come first, then other accounts, then visitors of the special build mode.
 * By what the user already runs: each build the user holds beside this one moves it a whole
 * plan range down, so a user's first build goes ahead of anyone's second. Without that, a
 * full-plan user whose builds follow each other holds MAX_BUILDS_PER_USER workers for good and
 * a lower plan's builds wait behind every one of them (measured in bench/queue.ts).
 */
export function buildPriority(user: { admin: boolean } | null, lineupLimit: number, fullLimit: number, othersHeld = 0): number {
  const plan = !user ? 3 : user.admin || lineupLimit >= fullLimit ? 1 : 2;
  return plan + PLAN_LEVELS * Math.max(0, othersHeld);
}
