// Builds across machines (issue 24): with REDIS_URL the server puts each build on a BullMQ queue
// and worker processes (`npm run worker`, worker-main.ts) run them on their own BuildPool.
//
// Per build (job id J) Redis holds, under the queue prefix:
//   {prefix}:build:J:out     a stream of {type:'batch',batch} … {type:'end',outcome}, written by
//                            the worker, read by the server node whose socket asked
//   {prefix}:build:J:alive   refreshed by that server node while the socket is open (a short TTL):
//                            a node that dies stops refreshing it and its jobs cancel themselves
//   {prefix}:build:J:cancel  set when the socket closes; the worker polls both keys
// Exactly once, in order: batch.count is the number of lineups produced so far, so it is a
// sequence number. A job taken over after its worker died (BullMQ's stalled-job check) runs
// the build again (the request carries its seed, so the same lineups come out in the same
// order) and writes only lineups past the last count in the stream; the server also forwards
// only lineups past the count it has forwarded.
import { randomUUID } from 'node:crypto';
import { BUILD_LOST } from '@stacksmith/domain';
import type { BuildBatch, BuildRequest } from '@stacksmith/optimizer';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { BuildPool, BuildPoolStats } from './pool.js';
import type { BuildLease, BuildLimiter, BuildRunner, BuildRunOptions } from './runner.js';
import type { BuildOutcome } from './worker.js';

export const BUILD_QUEUE = 'builds';

export interface QueueSettings {
  redisUrl: string;
  /** Prefix of every key (BullMQ's and ours): deployments (or tests) sharing one Redis stay apart. */
  prefix: string;
}

/** How often the server refreshes a build's alive key, and how long the key lives without it. */
const HEARTBEAT_MS = 1000;
const ALIVE_TTL_MS = 3000;
/** How often a worker looks at a build's cancel and alive keys: a cancel lands within this plus a solve step. */
const CANCEL_POLL_MS = 200;
/** A finished build's stream stays this long (seconds), for a server that reads it late. */
const STREAM_TTL_S = 3600;
/**
 * BullMQ's lock of an active job: renewed by its worker every half lockDuration; a worker that
 * stops renewing (killed) has its job moved back to the queue by another worker's stalled check
 * within about lockDuration + stalledInterval. Short, because a user is waiting on the socket.
 */
const LOCK_DURATION_MS = 4000;
const STALLED_INTERVAL_MS = 2000;

interface BuildJobData {
  request: BuildRequest;
  batchSize?: number;
}

export type StreamMessage = { type: 'batch'; batch: BuildBatch } | { type: 'end'; outcome: BuildOutcome };

export function jobKeys(prefix: string, id: string) {
  const base = `${prefix}:build:${id}`;
  return { out: `${base}:out`, alive: `${base}:alive`, cancel: `${base}:cancel` };
}

/** The part of a batch past `delivered` lineups, or null when it holds nothing new. */
export function unseenPart(batch: BuildBatch, delivered: number): BuildBatch | null {
  const fresh = batch.count - delivered;
  if (fresh <= 0) return null;
  return fresh >= batch.lineups.length ? batch : { ...batch, lineups: batch.lineups.slice(batch.lineups.length - fresh) };
}

const parse = (fields: string[]): StreamMessage => JSON.parse(fields[fields.indexOf('m') + 1] ?? 'null') as StreamMessage;

export function redisConnection(url: string): Redis {
  // BullMQ's workers block on Redis; they need commands that wait rather than fail while it restarts.
  return quiet(new Redis(url, { maxRetriesPerRequest: null }));
}

/** A connection's errors (Redis restarting) surface on the commands that wait for it; the event would only crash or spam. */
function quiet(redis: Redis): Redis {
  redis.on('error', () => undefined);
  return redis;
}

/** The server's side: queues a build and forwards the batches of its stream. */
export class QueueBuildRunner implements BuildRunner {
  readonly stats: BuildPoolStats = { started: 0, done: 0, cancelled: 0, failed: 0, stopped: 0 };
  private readonly redis: Redis;
  private readonly queue: Queue<BuildJobData>;

  constructor(private readonly settings: QueueSettings) {
    this.redis = redisConnection(settings.redisUrl);
    this.queue = new Queue<BuildJobData>(BUILD_QUEUE, { connection: this.redis, prefix: settings.prefix });
  }

  async run(request: BuildRequest, onBatch: (batch: BuildBatch) => void, signal: AbortSignal, options: BuildRunOptions = {}): Promise<BuildOutcome> {
    if (signal.aborted) return { status: 'cancelled' };
    const id = randomUUID();
    const keys = jobKeys(this.settings.prefix, id);
    this.stats.started++;
    const beat = () => this.redis.set(keys.alive, '1', 'PX', ALIVE_TTL_MS);
    await beat();
    const heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
    const cancel = () => void this.redis.set(keys.cancel, '1', 'EX', STREAM_TTL_S).catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    // A blocking read holds its connection: one per build being read.
    const reader = quiet(this.redis.duplicate());
    try {
      await this.queue.add('build', { request, ...(options.batchSize ? { batchSize: options.batchSize } : {}) }, {
        jobId: id, priority: options.priority ?? 2, attempts: 1, removeOnComplete: true, removeOnFail: 1000,
      });
      const outcome = await this.follow(id, keys.out, reader, onBatch, signal);
      this.stats[outcome.status]++;
      return outcome;
    } finally {
      clearInterval(heartbeat);
      signal.removeEventListener('abort', cancel);
      reader.disconnect();
      await this.redis.del(keys.alive).catch(() => undefined);
    }
  }

  /** Reads the job's stream until its end (or the socket's close), forwarding each lineup once. */
  private async follow(id: string, stream: string, reader: Redis, onBatch: (batch: BuildBatch) => void, signal: AbortSignal): Promise<BuildOutcome> {
    let lastId = '0-0';
    let delivered = 0;
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
        if (gone && suspect) return { status: 'failed', kind: 'internal', message: BUILD_LOST };
        suspect = gone;
        continue;
      }
      suspect = false;
      for (const [, entries] of answer) {
        for (const [entryId, fields] of entries) {
          lastId = entryId;
          const message = parse(fields);
          if (message.type === 'end') return message.outcome;
          const part = unseenPart(message.batch, delivered);
          if (!part || signal.aborted) continue;
          delivered = part.count;
          onBatch(part);
        }
      }
    }
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.redis.disconnect();
  }
}

/** The worker process's side: takes jobs, runs them on the pool, writes their batches to the stream. */
export function startBuildWorker(settings: QueueSettings, pool: BuildPool, concurrency: number): Worker<BuildJobData> {
  const redis = redisConnection(settings.redisUrl);
  const processor = async (job: Job<BuildJobData>): Promise<BuildOutcome['status']> => {
    const keys = jobKeys(settings.prefix, job.id ?? '');
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
      const previous = last ? parse(last[1]) : null;
      if (previous?.type === 'end') return previous.outcome.status;
      let delivered = previous?.type === 'batch' ? previous.batch.count : 0;
      let writes: Promise<unknown> = Promise.resolve();
      const write = (message: StreamMessage) => {
        writes = writes.then(() => redis.multi().xadd(keys.out, '*', 'm', JSON.stringify(message)).expire(keys.out, STREAM_TTL_S).exec());
        return writes;
      };
      const outcome = await pool.run(job.data.request, (batch) => {
        const part = unseenPart(batch, delivered);
        if (!part) return;
        delivered = part.count;
        void write({ type: 'batch', batch: part });
      }, controller.signal, job.data.batchSize ? { batchSize: job.data.batchSize } : {});
      await write({ type: 'end', outcome });
      return outcome.status;
    } finally {
      clearInterval(poller);
    }
  };
  const worker = new Worker<BuildJobData>(BUILD_QUEUE, processor, {
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
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
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
    if (await this.redis.eval(ACQUIRE, 1, key, max, SLOT_TTL_MS, slot) !== 1) return null;
    this.held.set(slot, { key, who });
    return {
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
