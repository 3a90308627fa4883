// Builds (and simulations) across machines (docs/server.md "Deployment"): with REDIS_URL the server puts each build
// or simulation on a BullMQ queue and worker processes (`npm run worker`, worker-main.ts) run
// them: builds on their own BuildPool, simulations in a worker thread each (simulate-queue.ts).
//
// Per job (id J, of kind K: 'build' or 'simulate') Redis holds, under the queue prefix:
//   {prefix}:K:J:out     a stream of {type:'item',item} … {type:'end',outcome}, written by the
//                        worker, read by the server node whose socket asked
//   {prefix}:K:J:alive   refreshed by that server node while the socket is open (a short TTL):
//                        a node that dies stops refreshing it and its jobs cancel themselves
//   {prefix}:K:J:cancel  set when the socket closes; the worker polls both keys
// Exactly once, in order: each item has a position that only grows (a build's batch.count, the
// number of lineups so far; a simulation's phase and progress). A job taken over after its
// worker died (BullMQ's stalled-job check) runs again from the start (the request carries its
// seed, so the same items come out in the same order) and writes only items past the last
// position in the stream; the server also forwards only items past the position it has forwarded.
import { randomUUID } from 'node:crypto';
import { coded, renderMessage, type CodedMessage } from '@stacksmith/domain';
import type { BuildBatch, BuildRequest } from '@stacksmith/optimizer';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { BuildPool, BuildPoolStats } from './pool.js';
import type { BuildLease, BuildLimiter, BuildRunner, BuildRunOptions } from './runner.js';
import type { BuildOutcome } from './worker.js';

/** The one queue of builds and simulations: one worker slot runs one job of either kind. */
export const BUILD_QUEUE = 'builds';

export interface QueueSettings {
  redisUrl: string;
  /** Prefix of every key (BullMQ's and ours): deployments (or tests) sharing one Redis stay apart. */
  prefix: string;
}

/** How often the server refreshes a job's alive key, and how long the key lives without it. */
const HEARTBEAT_MS = 1000;
const ALIVE_TTL_MS = 3000;
/** How often a worker looks at a job's cancel and alive keys: a cancel lands within this plus a solve step. */
const CANCEL_POLL_MS = 200;
/** A finished job's stream stays this long (seconds), for a server that reads it late. */
const STREAM_TTL_S = 3600;
/**
 * BullMQ's lock of an active job: renewed by its worker every half lockDuration; a worker that
 * stops renewing (killed) has its job moved back to the queue by another worker's stalled check
 * within about lockDuration + stalledInterval. Short, because a user is waiting on the socket.
 */
const LOCK_DURATION_MS = 4000;
const STALLED_INTERVAL_MS = 2000;

/** How every kind of job can end besides its own outcomes: cancelled, or lost (said to the user in its own words, the code build-lost). */
export type JobEnd = { status: 'cancelled' } | { status: 'failed'; kind: 'lost'; message: string; coded: CodedMessage };

/** One kind of job: its name (the BullMQ job name and the keys' infix) and the order of its stream's items. */
export interface JobKind<Item> {
  name: string;
  /** Grows with every item a run produces. */
  position(item: Item): number;
  /** The part of an item past `delivered` (its position is past it): a build's batch drops the lineups sent already. */
  trim?(item: Item, delivered: number): Item;
}

/** What a worker does with a job of one kind. */
export interface JobHandler<Data, Item, Outcome extends { status: string }> {
  kind: JobKind<Item>;
  run(data: Data, emit: (item: Item) => void, signal: AbortSignal): Promise<Outcome>;
}

export type StreamMessage<Item = unknown, Outcome = unknown> = { type: 'item'; item: Item } | { type: 'end'; outcome: Outcome };

export function jobKeys(prefix: string, kind: string, id: string) {
  const base = `${prefix}:${kind}:${id}`;
  return { out: `${base}:out`, alive: `${base}:alive`, cancel: `${base}:cancel` };
}

/** The part of an item past `delivered`, or null when it holds nothing new. */
function unseen<Item>(kind: JobKind<Item>, item: Item, delivered: number): Item | null {
  if (kind.position(item) <= delivered) return null;
  return kind.trim ? kind.trim(item, delivered) : item;
}

/** The part of a batch past `delivered` lineups, or null when it holds nothing new. */
export function unseenPart(batch: BuildBatch, delivered: number): BuildBatch | null {
  const fresh = batch.count - delivered;
  if (fresh <= 0) return null;
  return fresh >= batch.lineups.length ? batch : { ...batch, lineups: batch.lineups.slice(batch.lineups.length - fresh) };
}

/** Builds: batches of lineups, in order of the lineups' count. */
export const BUILD_JOB: JobKind<BuildBatch> = {
  name: 'build',
  position: (batch) => batch.count,
  trim: (batch, delivered) => unseenPart(batch, delivered) ?? batch,
};

const parse = <Item, Outcome>(fields: string[]) => JSON.parse(fields[fields.indexOf('m') + 1] ?? 'null') as StreamMessage<Item, Outcome>;

export function redisConnection(url: string): Redis {
  // BullMQ's workers block on Redis; they need commands that wait rather than fail while it restarts.
  return quiet(new Redis(url, { maxRetriesPerRequest: null }));
}

/** A connection's errors (Redis restarting) surface on the commands that wait for it; the event would only crash or spam. */
function quiet(redis: Redis): Redis {
  redis.on('error', () => undefined);
  return redis;
}

export interface JobOptions {
  /** 1 runs first (see buildPriority); default 2. */
  priority?: number;
  /** Sees the job's id once queued. */
  onQueued?: (jobId: string) => void;
}

/** The server's side of every kind of job: queues it, keeps it alive, cancels it, forwards its stream. */
export class JobQueue {
  private readonly redis: Redis;
  private readonly queue: Queue;

  constructor(private readonly settings: QueueSettings) {
    this.redis = redisConnection(settings.redisUrl);
    this.queue = new Queue(BUILD_QUEUE, { connection: this.redis, prefix: settings.prefix });
  }

  /** Runs a job on the workers; onItem sees each item once and in order; aborting the signal cancels it. */
  async run<Item, Outcome extends { status: string }>(
    kind: JobKind<Item>, data: unknown, onItem: (item: Item) => void, signal: AbortSignal, options: JobOptions,
  ): Promise<Outcome | JobEnd> {
    if (signal.aborted) return { status: 'cancelled' };
    const id = randomUUID();
    const keys = jobKeys(this.settings.prefix, kind.name, id);
    const beat = () => this.redis.set(keys.alive, '1', 'PX', ALIVE_TTL_MS);
    await beat();
    const heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
    const cancel = () => void this.redis.set(keys.cancel, '1', 'EX', STREAM_TTL_S).catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    // A blocking read holds its connection: one per job being read.
    const reader = quiet(this.redis.duplicate());
    try {
      await this.queue.add(kind.name, data, { jobId: id, priority: options.priority ?? 2, attempts: 1, removeOnComplete: true, removeOnFail: 1000 });
      options.onQueued?.(id);
      return await this.follow<Item, Outcome>(kind, id, keys.out, reader, onItem, signal);
    } finally {
      clearInterval(heartbeat);
      signal.removeEventListener('abort', cancel);
      reader.disconnect();
      await this.redis.del(keys.alive).catch(() => undefined);
    }
  }

  /** Reads the job's stream until its end (or the socket's close), forwarding each item once. */
  private async follow<Item, Outcome>(
    kind: JobKind<Item>, id: string, stream: string, reader: Redis, onItem: (item: Item) => void, signal: AbortSignal,
  ): Promise<Outcome | JobEnd> {
    let lastId = '0-0';
    let delivered = -Infinity;
    /** The job was failed or missing at the last quiet read: gone for good if so again after one more read. */
    let suspect = false;
    for (;;) {
      // The worker sees the cancel key itself; the socket has gone, so nothing more is read.
      if (signal.aborted) return { status: 'cancelled' };
      const answer = await reader.xread('COUNT', 100, 'BLOCK', 250, 'STREAMS', stream, lastId);
      if (!answer) {
        // Nothing new: a job that failed in BullMQ (its workers kept dying) writes no end, nor
        // does one Redis lost (restarted without its data). A finished job is removed just after
        // its end is written, hence one more read before giving up.
        const state = await this.queue.getJobState(id);
        const gone = state === 'failed' || state === 'unknown';
        if (gone && suspect) return { status: 'failed', kind: 'lost', message: renderMessage(coded('build-lost', {})), coded: coded('build-lost', {}) };
        suspect = gone;
        continue;
      }
      suspect = false;
      for (const [, entries] of answer) {
        for (const [entryId, fields] of entries) {
          lastId = entryId;
          const message = parse<Item, Outcome>(fields);
          if (message.type === 'end') return message.outcome;
          const part = unseen(kind, message.item, delivered);
          if (!part || signal.aborted) continue;
          delivered = kind.position(part);
          onItem(part);
        }
      }
    }
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.redis.disconnect();
  }
}

interface BuildJobData {
  request: BuildRequest;
  batchSize?: number;
}

/** The server's side of builds: queues a build and forwards the batches of its stream. */
export class QueueBuildRunner implements BuildRunner {
  readonly stats: BuildPoolStats = { started: 0, done: 0, cancelled: 0, failed: 0, stopped: 0 };
  private readonly jobs: JobQueue;

  constructor(settings: QueueSettings) {
    this.jobs = new JobQueue(settings);
  }

  async run(request: BuildRequest, onBatch: (batch: BuildBatch) => void, signal: AbortSignal, options: BuildRunOptions = {}): Promise<BuildOutcome> {
    if (signal.aborted) return { status: 'cancelled' };
    this.stats.started++;
    const data: BuildJobData = { request, ...(options.batchSize ? { batchSize: options.batchSize } : {}) };
    const outcome = await this.jobs.run<BuildBatch, BuildOutcome>(BUILD_JOB, data, onBatch, signal, options);
    this.stats[outcome.status]++;
    return outcome;
  }

  close(): Promise<void> {
    return this.jobs.close();
  }
}

/** A worker's builds: each on the process's BuildPool. */
export function buildJobHandler(pool: BuildPool): JobHandler<BuildJobData, BuildBatch, BuildOutcome> {
  return {
    kind: BUILD_JOB,
    run: (data, emit, signal) => pool.run(data.request, emit, signal, data.batchSize ? { batchSize: data.batchSize } : {}),
  };
}

/** A handler of any kind, as the worker dispatches to it by job name. */
interface AnyJobHandler {
  kind: JobKind<unknown>;
  run(data: unknown, emit: (item: unknown) => void, signal: AbortSignal): Promise<{ status: string }>;
}

/**
 * The worker process's side: takes jobs of every kind it has a handler for, runs them and writes
 * their items to the job's stream; `concurrency` jobs at once (of any kind).
 */
export function startQueueWorker(settings: QueueSettings, handlers: JobHandler<never, unknown, { status: string }>[], concurrency: number): Worker {
  const redis = redisConnection(settings.redisUrl);
  const byName = new Map(handlers.map((h) => [h.kind.name, h as unknown as AnyJobHandler]));
  const processor = async (job: Job): Promise<string> => {
    const handler = byName.get(job.name);
    if (!handler) throw new Error(`no handler for jobs named ${job.name}`);
    const { kind } = handler;
    const keys = jobKeys(settings.prefix, kind.name, job.id ?? '');
    const controller = new AbortController();
    const look = async () => {
      const [cancelled, alive] = await Promise.all([redis.exists(keys.cancel), redis.exists(keys.alive)]);
      // Cancelled by its socket, or the server node holding the socket stopped its heartbeat.
      if (cancelled || !alive) controller.abort();
    };
    await look();
    const poller = setInterval(() => void look().catch(() => undefined), CANCEL_POLL_MS);
    try {
      // A job taken over from a dead worker: what that worker already wrote is not written again.
      const [last] = await redis.xrevrange(keys.out, '+', '-', 'COUNT', 1);
      const previous = last ? parse<unknown, { status: string }>(last[1]) : null;
      if (previous?.type === 'end') return previous.outcome.status;
      let delivered = previous?.type === 'item' ? kind.position(previous.item) : -Infinity;
      let writes: Promise<unknown> = Promise.resolve();
      const write = (message: StreamMessage) => {
        writes = writes.then(() => redis.multi().xadd(keys.out, '*', 'm', JSON.stringify(message)).expire(keys.out, STREAM_TTL_S).exec());
        return writes;
      };
      const outcome = await handler.run(job.data, (item) => {
        const part = unseen(kind, item, delivered);
        if (!part) return;
        delivered = kind.position(part);
        void write({ type: 'item', item: part });
      }, controller.signal);
      await write({ type: 'end', outcome });
      return outcome.status;
    } finally {
      clearInterval(poller);
    }
  };
  const worker = new Worker(BUILD_QUEUE, processor, {
    connection: redisConnection(settings.redisUrl), prefix: settings.prefix, concurrency,
    lockDuration: LOCK_DURATION_MS, stalledInterval: STALLED_INTERVAL_MS, maxStalledCount: 3,
  });
  worker.on('closed', () => redis.disconnect());
  return worker;
}

/**
 * Builds per user across server nodes: a sorted set per user of held slots scored by their
 * expiry (Redis's clock). A node refreshes its slots while it holds them; the slots of a node
 * that died expire instead of blocking their user for good.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return held + 1`;
const REFRESH = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;
const SLOT_TTL_MS = 10_000;
const SLOT_REFRESH_MS = 3000;

export class RedisBuildLimiter implements BuildLimiter {
  private readonly redis: Redis;
  private readonly held = new Map<string, { key: string; who: string }>();
  private readonly refresher: NodeJS.Timeout;

  constructor(private readonly settings: QueueSettings) {
    this.redis = redisConnection(settings.redisUrl);
    this.refresher = setInterval(() => {
      for (const [slot, { key }] of this.held) void this.redis.eval(REFRESH, 1, key, SLOT_TTL_MS, slot).catch(() => undefined);
    }, SLOT_REFRESH_MS);
    this.refresher.unref();
  }

  async acquire(who: string, max: number): Promise<BuildLease | null> {
    const key = `${this.settings.prefix}:builds-of:${who}`;
    const slot = randomUUID();
    // 0: refused; otherwise how many the user holds with this one.
    const holding = Number(await this.redis.eval(ACQUIRE, 1, key, max, SLOT_TTL_MS, slot));
    if (holding === 0) return null;
    this.held.set(slot, { key, who });
    return {
      othersHeld: holding - 1,
      release: () => {
        if (!this.held.delete(slot)) return;
        void this.redis.zrem(key, slot).catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    clearInterval(this.refresher);
    await Promise.all([...this.held].map(([slot, { key }]) => this.redis.zrem(key, slot).catch(() => undefined)));
    this.held.clear();
    this.redis.disconnect();
  }
}
