// Subscription calls: the plan catalogue, the plan, plan changes, cancel, the card and promo codes.
// Card numbers go to the payment provider only; the answers carry brand and last4.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardChangeReplySchema, planCancelReplySchema, planCatalogueReplySchema, planChangeReplySchema, promoCheckReplySchema, subscriptionReplySchema,
} from '@stacksmith/domain';
import { z } from 'zod';
import { promoPercentOff } from '../services/subscriptions.js';
import { planCatalogue } from '../services/plans.js';
import { bearer } from './params.js';

/** A typed card (local provider). Never logged: Fastify logs no bodies. */
export const cardSchema = z.object({
  number: z.string().min(12).max(23).regex(/^[\d\s-]+$/, 'digits only'),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(0).max(9999),
  cvc: z.string().regex(/^\d{3,4}$/).optional(),
});

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/plans', {
    schema: { tags: ['account'], description: 'The plan catalogue: name, monthly and yearly price, permissions, lineup limit.', response: { 200: planCatalogueReplySchema } },
  }, async () => {
    return { plans: await planCatalogue(app.db), provider: app.payments.name };
  });

  app.get('/plan', {
    onRequest: app.requireUser,
    schema: { tags: ['account'], security: bearer, response: { 200: subscriptionReplySchema } },
  }, async (request) => app.subscriptions.subscriptionOf(request.user!.id));

  app.post('/plan', {
    onRequest: app.requireUser,
    schema: {
      tags: ['account'], security: bearer,
      description: 'Subscribes or changes the plan; answers a fresh token and the subscription. A paid plan needs a card (given here or on file).',
      body: z.object({
        token: z.string().max(500).optional(), planName: z.string().min(1).max(80), promo: z.string().max(80).optional(),
        yearly: z.boolean().optional(), card: cardSchema.optional(),
      }),
      response: { 200: planChangeReplySchema },
    },
  }, async (request) => {
    const { planName, promo, yearly, card } = request.body;
    await app.subscriptions.changePlan(request.user!.id, { planName, promo, yearly, card });
    return { error: null, access_token: await app.tokens.sign(request.user!.id, request.user!.tokenVersion), subscription: await app.subscriptions.subscriptionOf(request.user!.id) };
  });

  app.post('/plan/cancel', {
    onRequest: app.requireUser,
    schema: { tags: ['account'], security: bearer, description: 'Cancels at the end of the current period; the plan stays until then.', response: { 200: planCancelReplySchema } },
  }, async (request) => {
    await app.subscriptions.cancel(request.user!.id);
    return { error: null, subscription: await app.subscriptions.subscriptionOf(request.user!.id) };
  });

  app.post('/account/update-credit-card', {
    onRequest: app.requireUser,
    schema: { tags: ['account'], security: bearer, body: z.object({ newCard: cardSchema }), response: { 200: cardChangeReplySchema } },
  }, async (request) => {
    const card = await app.subscriptions.changeCard(request.user!.id, request.body.newCard);
    return { error: null, success: true, ...card };
  });

  app.get('/check-promo/:code', {
    schema: { tags: ['account'], params: z.object({ code: z.string().min(1).max(80) }), response: { 200: promoCheckReplySchema } },
  }, async (request) => {
    // percentOff lets the checkout show the discounted price once the code is applied.
    const percentOff = await promoPercentOff(app.db, request.params.code);
    return { valid: percentOff !== null, percentOff };
  });
};

export default accountRoutes;
