// Rate limits (docs/server.md "Limits") through @fastify/rate-limit, registered once here.
// Counters live in this process's memory (the library's LocalStore); to share them between
// processes (issue 24) pass the library's `redis` (or `store`) option in RATE_LIMIT_STORE below.
// Routes opt in with `config: { rateLimit: limit(...) }`; a refused request gets 429 {error}
// with a Retry-After header.
import rateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Where the counters live: in memory until issue 24 brings Redis. */
const RATE_LIMIT_STORE: Partial<RateLimitPluginOptions> = {};

/** A route's limit: `max` requests per `timeWindow` per key (the client address by default), refused with `message`. */
export function limit(max: number, timeWindow: string, message: string, extra: Partial<RateLimitOptions> = {}): RateLimitOptions {
  return { max, timeWindow, errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, message }), ...extra };
}

/** Counts per account (the route must require a user). */
export const perUser = { keyGenerator: (request: FastifyRequest) => `user:${request.user?.id ?? request.ip}` };

/** Logged-in users pass; visitors are counted per client address. */
export const visitorsOnly = { allowList: (request: FastifyRequest) => request.user !== null };

export default fp(async (app) => {
  await app.register(rateLimit, { global: false, ...RATE_LIMIT_STORE });
}, { name: 'rate-limits' });
