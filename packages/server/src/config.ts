// Server configuration from the environment. A second brand (the partner host) is data here,
// never code: BRANDS='{"main":{},"partner":{"partnerSecret":"…"}}'.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { DbTimeouts } from './db/connect.js';

export interface BrandConfig {
  /** Shared secret of the partner login check (HMAC-SHA256); absent: no partner logins. */
  partnerSecret?: string | undefined;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** postgres://… or undefined for SQLite. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  pgSchema?: string | undefined;
  /** PostgreSQL connect and statement timeouts (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS); unset: the defaults. */
  dbTimeouts?: Partial<DbTimeouts> | undefined;
  /** HS256 secret of the JWTs; when absent one is generated and kept in the database. */
  jwtSecret?: string | undefined;
  /** Token lifetime and the window before expiry in which GET /auth refreshes it. */
  tokenTtlSeconds: number;
  tokenRefreshWindowSeconds: number;
  brands: Record<string, BrandConfig>;
  /** SMTP URL for nodemailer (smtp://user:pass@host:port); absent: the mail outbox table. */
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** Public address of the web app, for links in mails. */
  publicUrl: string;
  buildWorkers: number;
  /** redis://… : builds go on a BullMQ queue run by `npm run worker` processes; absent: worker threads in this process. */
  redisUrl?: string | undefined;
  /** The prefix of every Redis key of the queue and the per-user build limits. */
  queuePrefix: string;
  /** Builds one user (or visitor address) may run at once. */
  maxBuildsPerUser: number;
  /** The build socket's path. */
  buildPath: string;
  /** The special build mode: visitors may build up to 150 lineups without login. */
  specialBuildMode: boolean;
  /** Login attempts per minute per client address (also reset-link requests and resets). */
  loginRateLimit: number;
  /** Sign-ups per hour per client address. */
  signUpRateLimit: number;
  /** Wrong current passwords in POST /update-password per 15 minutes per account. */
  passwordAttemptLimit: number;
  /** Writes without login (visitors' built-lineups records) per hour per client address. */
  visitorWriteRateLimit: number;
  /** The largest build socket message in bytes; larger frames are refused (close 1009) unread. */
  buildMessageMaxBytes: number;
  /** Seconds a build socket may stay open without sending its request. */
  buildRequestTimeoutSeconds: number;
  /** Seconds between the build socket's pings; a peer that missed the last pong is dropped. */
  buildPingIntervalSeconds: number;
  /** Seed the demo data set when the database has no slates. */
  seedDemo: boolean;
  /** Directory of the built web app to serve (packages/web/dist) or undefined. */
  webDist?: string | undefined;
  logger: boolean;
  /** Trust X-Forwarded-* (set when a reverse proxy is in front). */
  trustProxy: boolean;
  /** Simulations and entries late swaps this process runs at once (worker threads); more wait their turn. */
  simulationWorkers: number;
  /** Jobs (simulations, late swaps) waiting for a thread beyond which a new one is refused. */
  maxQueuedJobs: number;
  /** Seconds of work after which a simulation or late swap is stopped (the bound on its CPU). */
  jobTimeoutSeconds: number;
  /** Worker threads that read and match uploaded files (salary, projection, entries files). */
  fileWorkers: number;
  /** The JavaScript heap (MB) one job thread may use: a simulation, late swap or file past it is stopped. */
  jobThreadHeapMb: number;
  /** Uploads (salary, projection and entries files; failed ones too) per hour per account. */
  uploadRateLimitPerUser: number;
  /** Uploads per hour per client address (every account and visitor behind it together). */
  uploadRateLimitPerAddress: number;
  /**
   * The moment late swap takes as "now" when it decides whose game has started (ms since
   * 1970), for demos and tests on a past slate; absent: the real clock. Never from a client.
   */
  lateSwapNow?: number | undefined;
}

const brandsSchema = z.record(z.string().regex(/^[a-z0-9-]+$/), z.object({ partnerSecret: z.string().min(16).optional() }));

function parseBrands(text: string | undefined): Record<string, BrandConfig> {
  if (!text) return { main: {} };
  const parsed = brandsSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`BRANDS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return { main: {}, ...parsed.data };
}

function parseDbTimeouts(env: NodeJS.ProcessEnv): Partial<DbTimeouts> {
  const timeouts: Partial<DbTimeouts> = {};
  const names = { connectMs: 'DB_CONNECT_TIMEOUT_MS', statementMs: 'DB_STATEMENT_TIMEOUT_MS', queryMs: 'DB_QUERY_TIMEOUT_MS' } as const;
  for (const [key, name] of Object.entries(names) as [keyof typeof names, string][]) {
    const value = env[name];
    if (!value) continue;
    const ms = Number(value);
    if (!Number.isInteger(ms) || ms < 1) throw new Error(`${name}: expected a whole number of milliseconds; got ${value}`);
    timeouts[key] = ms;
  }
  return timeouts;
}

/** An ISO 8601 time with its offset (2023-09-10T14:00:00-04:00), or undefined when unset. */
function parseInstant(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined;
  const parsed = z.iso.datetime({ offset: true }).safeParse(value);
  if (!parsed.success) throw new Error(`${name}: expected an ISO time with its offset, like 2023-09-10T14:00:00-04:00; got ${value}`);
  return Date.parse(value);
}

const flag = (fallback: boolean) => z.string().optional().transform((value, ctx) => {
  if (value === undefined || value === '') return fallback;
  const text = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  ctx.addIssue({ code: 'custom', message: `expected true or false; got ${value}` });
  return z.NEVER;
});

/** A whole number of the environment, at least `min`; unset or empty: the fallback. */
const whole = (fallback: number, min = 1) => z.string().optional().transform((value, ctx) => {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    ctx.addIssue({ code: 'custom', message: `expected a whole number of at least ${min}; got ${value}` });
    return z.NEVER;
  }
  return n;
});

const text = (fallback?: string) => z.string().optional().transform((value) => (value ? value : fallback));

/**
 * The environment the server reads, each variable checked at start-up (docs/server.md
 * "Settings"): a bad value refuses to start with the variable named, never a NaN that
 * silently turns a limit off.
 */
const envSchema = z.object({
  PORT: whole(8080, 0),
  HOST: text('0.0.0.0'),
  DATABASE_URL: text(),
  DATA_DIR: text('data'),
  SQLITE_PATH: text(),
  PG_SCHEMA: text(),
  JWT_SECRET: text(),
  TOKEN_TTL_SECONDS: whole(7 * 24 * 3600),
  TOKEN_REFRESH_WINDOW_SECONDS: whole(24 * 3600, 0),
  SMTP_URL: text(),
  MAIL_FROM: text('Stacksmith <no-reply@stacksmith.local>'),
  PUBLIC_URL: text(),
  BUILD_WORKERS: whole(availableParallelism()),
  REDIS_URL: text(),
  QUEUE_PREFIX: text('stacksmith'),
  MAX_BUILDS_PER_USER: whole(2),
  BUILD_PATH: text('/build').pipe(z.string().regex(/^\//, 'expected a path starting with /')),
  SPECIAL_BUILD_MODE: flag(false),
  LOGIN_RATE_LIMIT: whole(10),
  SIGN_UP_RATE_LIMIT: whole(10),
  PASSWORD_ATTEMPT_LIMIT: whole(5),
  VISITOR_WRITE_RATE_LIMIT: whole(60),
  BUILD_MESSAGE_MAX_BYTES: whole(8 * 1024 * 1024, 1024),
  BUILD_REQUEST_TIMEOUT_SECONDS: whole(30),
  BUILD_PING_INTERVAL_SECONDS: whole(30),
  SIMULATION_WORKERS: whole(Math.max(1, Math.floor(availableParallelism() / 2))),
  MAX_QUEUED_JOBS: whole(20, 0),
  JOB_TIMEOUT_SECONDS: whole(300),
  FILE_WORKERS: whole(1),
  JOB_THREAD_HEAP_MB: whole(1024, 64),
  UPLOAD_RATE_LIMIT_PER_USER: whole(60),
  UPLOAD_RATE_LIMIT_PER_ADDRESS: whole(120),
  SEED_DEMO: flag(true),
  WEB_DIST: text(),
  LOG: flag(true),
  TRUST_PROXY: flag(false),
});

/** The configuration from the environment; throws one message naming every bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`bad configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR!);
  return {
    port: e.PORT,
    host: e.HOST!,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: e.SQLITE_PATH ?? resolve(dataDir, 'stacksmith.sqlite'),
    pgSchema: e.PG_SCHEMA,
    dbTimeouts: parseDbTimeouts(env),
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenRefreshWindowSeconds: e.TOKEN_REFRESH_WINDOW_SECONDS,
    brands: parseBrands(env.BRANDS),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM!,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    buildWorkers: e.BUILD_WORKERS,
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX!,
    maxBuildsPerUser: e.MAX_BUILDS_PER_USER,
    buildPath: e.BUILD_PATH,
    specialBuildMode: e.SPECIAL_BUILD_MODE,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signUpRateLimit: e.SIGN_UP_RATE_LIMIT,
    passwordAttemptLimit: e.PASSWORD_ATTEMPT_LIMIT,
    visitorWriteRateLimit: e.VISITOR_WRITE_RATE_LIMIT,
    buildMessageMaxBytes: e.BUILD_MESSAGE_MAX_BYTES,
    buildRequestTimeoutSeconds: e.BUILD_REQUEST_TIMEOUT_SECONDS,
    buildPingIntervalSeconds: e.BUILD_PING_INTERVAL_SECONDS,
    simulationWorkers: e.SIMULATION_WORKERS,
    maxQueuedJobs: e.MAX_QUEUED_JOBS,
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    fileWorkers: e.FILE_WORKERS,
    jobThreadHeapMb: e.JOB_THREAD_HEAP_MB,
    uploadRateLimitPerUser: e.UPLOAD_RATE_LIMIT_PER_USER,
    uploadRateLimitPerAddress: e.UPLOAD_RATE_LIMIT_PER_ADDRESS,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST,
    logger: e.LOG,
    trustProxy: e.TRUST_PROXY,
    lateSwapNow: parseInstant('LATE_SWAP_NOW', env.LATE_SWAP_NOW),
    ...overrides,
  };
}
