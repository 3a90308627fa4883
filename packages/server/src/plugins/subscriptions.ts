// The subscriptions concern: the payment provider, the subscription service (with renewals
// and lapses settled on start and hourly) and the requirePermission guard that refuses a
// gated call with 403 and a message naming the missing feature, so the user knows what to upgrade for.
import { coded, featureNotInPlanError, hasPermission, MAX_LINEUP_LIMIT, type PermissionKey, resolveLineupLimit } from '@stacksmith/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http-errors.js';
import { LocalPaymentProvider } from '../payments/local.js';
import type { PaymentProvider } from '../payments/provider.js';
import { SubscriptionService } from '../services/subscriptions.js';
import type { AuthUser } from '../services/users.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    subscriptions: SubscriptionService;
    /** onRequest (before the body is read): 401 for a visitor, 403 unless the user's plan (or admin) grants the key. */
    requirePermission: (key: PermissionKey) => (request: FastifyRequest) => Promise<void>;
  }
}

const SETTLE_EVERY_MS = 60 * 60 * 1000;

/** Admins have every feature; everyone else what their plan grants. */
export function userHasPermission(user: AuthUser | null, key: PermissionKey): boolean {
  if (!user) return false;
  return user.admin || hasPermission(user.permissions, key);
}

/** Lineups per build: the plan's limit, 150 for admins and in the special build mode (visitors included). */
export function lineupLimitOf(user: AuthUser | null, specialMode: boolean): number {
  return user ? resolveLineupLimit(user.permissions, { admin: user.admin, specialMode }) : specialMode ? MAX_LINEUP_LIMIT : 0;
}

export default fp<{ payments?: PaymentProvider }>(async (app, options) => {
  const payments = options.payments ?? new LocalPaymentProvider();
  const subscriptions = new SubscriptionService(app.db, payments);
  app.decorate('payments', payments);
  app.decorate('subscriptions', subscriptions);

  app.decorate('requirePermission', (key: PermissionKey) => async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(coded('not-logged-in', {}));
    if (!userHasPermission(request.user, key)) throw forbidden(featureNotInPlanError(key));
  });

  // A renewal or a cancelled plan's end may be due: settle it before the request reads the plan.
  app.addHook('onRequest', async (request) => {
    if (request.user && await subscriptions.settle(request.user.id)) request.user = await app.users.userById(request.user.id);
  });

  const settleAll = () => subscriptions.settleAll().catch((error: unknown) => app.log.error(error, 'settling subscriptions failed'));
  app.addHook('onReady', async () => { await settleAll(); });
  const timer = setInterval(() => void settleAll(), SETTLE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}, { name: 'subscriptions', dependencies: ['db', 'auth'] });
