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

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: env.SQLITE_PATH ?? resolve(dataDir, 'stacksmith.sqlite'),
    pgSchema: env.PG_SCHEMA || undefined,
    dbTimeouts: parseDbTimeouts(env),
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 7 * 24 * 3600),
    tokenRefreshWindowSeconds: Number(env.TOKEN_REFRESH_WINDOW_SECONDS ?? 24 * 3600),
    brands: parseBrands(env.BRANDS),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Stacksmith <no-reply@stacksmith.local>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`,
    buildWorkers: Number(env.BUILD_WORKERS ?? availableParallelism()),
    redisUrl: env.REDIS_URL || undefined,
    queuePrefix: env.QUEUE_PREFIX || 'stacksmith',
    maxBuildsPerUser: Number(env.MAX_BUILDS_PER_USER ?? 2),
    buildPath: env.BUILD_PATH ?? '/build',
    specialBuildMode: flag(env.SPECIAL_BUILD_MODE, false),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    signUpRateLimit: Number(env.SIGN_UP_RATE_LIMIT ?? 10),
    passwordAttemptLimit: Number(env.PASSWORD_ATTEMPT_LIMIT ?? 5),
    visitorWriteRateLimit: Number(env.VISITOR_WRITE_RATE_LIMIT ?? 60),
    buildMessageMaxBytes: Number(env.BUILD_MESSAGE_MAX_BYTES ?? 8 * 1024 * 1024),
    buildRequestTimeoutSeconds: Number(env.BUILD_REQUEST_TIMEOUT_SECONDS ?? 30),
    buildPingIntervalSeconds: Number(env.BUILD_PING_INTERVAL_SECONDS ?? 30),
    seedDemo: flag(env.SEED_DEMO, true),
    webDist: env.WEB_DIST || undefined,
    logger: flag(env.LOG, true),
    trustProxy: flag(env.TRUST_PROXY, false),
    lateSwapNow: parseInstant('LATE_SWAP_NOW', env.LATE_SWAP_NOW),
    ...overrides,
  };
}
