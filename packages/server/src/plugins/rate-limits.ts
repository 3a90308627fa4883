// Rate limits (docs/server.md "Limits") through @fastify/rate-limit, registered once here.
// Counters live in this process's memory (the library's LocalStore), or with REDIS_URL in Redis
// (the library's `redis` option), so that they hold across server nodes.
// Routes opt in with `config: { rateLimit: limit(...) }`; a refused request gets 429 {error}
// with a Retry-After header.
import rateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { coded, type CodedMessage } from '@stacksmith/domain';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, tooManyRequests } from '../http-errors.js';
import { Redis } from 'ioredis';

/** A route's limit: `max` requests per `timeWindow` per key (the client address by default), refused with `message`. */
export function limit(max: number, timeWindow: string, message: CodedMessage, extra: Partial<RateLimitOptions> = {}): RateLimitOptions {
  return { max, timeWindow, errorResponseBuilder: (_req, context) => new HttpError(context.statusCode, message), ...extra };
}

/** Counts per account (the route must require a user). */
export const perUser = { keyGenerator: (request: FastifyRequest) => `user:${request.user?.id ?? request.ip}` };

/** Logged-in users pass; visitors are counted per client address. */
export const visitorsOnly = { allowList: (request: FastifyRequest) => request.user !== null };

export default fp(async (app) => {
  const store: Partial<RateLimitPluginOptions> = {};
  if (app.config.redisUrl) {
    // A request must not wait long on Redis: the library lets it through if Redis fails (skipOnError).
    const redis = new Redis(app.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => redis.disconnect());
    Object.assign(store, { redis, nameSpace: `${app.config.queuePrefix}:rate-limit:`, skipOnError: true });
  }
  await app.register(rateLimit, { global: false, ...store });

  // File uploads (salary, projection and entries files, entries late swaps) share one count,
  // per client address and per account; every request counts, refused and failed ones too, so
  // that bad files cannot be sent without end. The address bound holds for visitors and for
  // many accounts behind one address; the account bound for one account from many addresses.
  // (One hook checks both: the library runs a single rate-limit hook per request.)
  const hourly = (max: number) => limit(max, '1 hour', coded('too-many-uploads', {}));
  const byAddress = app.createRateLimit({ ...hourly(app.config.uploadRateLimitPerAddress), keyGenerator: (request) => `upload-address:${request.ip}` });
  const byAccount = app.createRateLimit({
    ...hourly(app.config.uploadRateLimitPerUser), keyGenerator: (request) => `upload-user:${request.user?.id ?? 0}`,
    allowList: (request) => request.user === null,
  });
  const uploadLimit: onRequestHookHandler = async (request, reply) => {
    for (const check of [byAddress, byAccount]) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', Math.max(1, result.ttlInSeconds));
        throw tooManyRequests(coded('too-many-uploads', {}));
      }
    }
  };
  app.decorate('uploadLimits', [uploadLimit]);
}, { name: 'rate-limits' });
