// What the plugins add to Fastify's instance and request.
import type { onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { JobThreads } from './build/job-thread.js';
import type { LateSwapRunner } from './build/late-swap-runner.js';
import type { BuildLimiter, BuildRunner } from './build/runner.js';
import type { SimulationRunner } from './build/simulate-runner.js';
import type { ServerConfig } from './config.js';
import type { BuildSocketStats } from './routes/build-socket.js';
import type { DbKind } from './db/connect.js';
import type { Database } from './db/schema.js';
import type { MailTransport } from './services/mail.js';
import type { TokenService } from './services/tokens.js';
import type { AuthUser, UserService } from './services/users.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: Kysely<Database>;
    dbKind: DbKind;
    tokens: TokenService;
    /** Where builds run: this process's worker threads, or the Redis queue's workers. */
    buildPool: BuildRunner;
    /** The builds each user runs at once (MAX_BUILDS_PER_USER): socket builds, simulations and late swaps alike. */
    buildLimiter: BuildLimiter;
    /** Where contest simulations run. */
    simulations: SimulationRunner;
    /** Where entries late swaps run. */
    lateSwaps: LateSwapRunner;
    /** The threads that read and match uploaded files (plugins/jobs.ts; services/uploaded-files.ts runs them). */
    files: JobThreads;
    buildSocketStats: BuildSocketStats;
    mail: MailTransport;
    users: UserService;
    /** onRequest hooks of the upload routes: the per-address and per-account upload limits (plugins/rate-limits.ts). */
    uploadLimits: onRequestHookHandler[];
    /** onRequest (before the body is read): 401 unless the request carries a valid token. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest (before the body is read): 401 without a token, 403 unless the user is an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The token's user, or null for a visitor. */
    user: AuthUser | null;
    /** A token was sent but is bad, forged or expired. */
    tokenInvalid: boolean;
  }
}

export {};
