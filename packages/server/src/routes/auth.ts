// Accounts: sign-up, login (rate limited), the token check, password change and reset.
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, TOO_MANY_LOGIN_ATTEMPTS } from '@stacksmith/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailAddress, MAX_LENGTH } from '../input/schemas.js';
import { bearer, brand } from './params.js';

const password = z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_LENGTH.password);
const loginAnswer = z.object({
  success: z.boolean(), access_token: z.string().nullable(), first_name: z.string().nullable(), error: z.string().nullable(),
});

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/sign-up', {
    schema: {
      tags: ['auth'],
      body: z.object({
        email: emailAddress, password, first_name: z.string().trim().min(1).max(100), last_name: z.string().trim().min(1).max(100),
      }),
      response: { 200: loginAnswer },
    },
  }, async (request) => app.users.signUp(request.body));

  app.post('/login', {
    config: {
      rateLimit: {
        max: app.config.loginRateLimit,
        timeWindow: '1 minute',
        errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, message: TOO_MANY_LOGIN_ATTEMPTS }),
      },
    },
    schema: {
      tags: ['auth'],
      body: z.object({ email: z.string().min(1).max(MAX_LENGTH.email), password: z.string().min(1).max(MAX_LENGTH.password) }),
      response: { 200: loginAnswer },
    },
  }, async (request) => app.users.login(request.body));

  app.get('/auth/:app/:token', {
    schema: {
      tags: ['auth'],
      description: 'Token check: answers a refreshed token near expiry. With ?id= it is the partner login check (token = hex HMAC-SHA256 of "{app}:{id}").',
      params: z.object({ app: brand, token: z.string().min(1).max(4096) }),
      querystring: z.object({ id: z.string().min(1).max(200).optional() }),
      response: { 200: z.object({ success: z.boolean(), new_token: z.string(), admin: z.boolean(), name: z.string() }) },
    },
  }, async (request) => {
    const { app: brandName, token } = request.params;
    return request.query.id !== undefined
      ? app.users.partnerCheck(brandName, token, request.query.id)
      : app.users.check(brandName, token);
  });

  app.get('/account-info', {
    preHandler: app.requireUser,
    schema: { tags: ['account'], security: bearer },
  }, async (request) => {
    const user = request.user!;
    return { email: user.email, first_name: user.firstName, last_name: user.lastName, admin: user.admin, plan_name: user.planName };
  });

  app.post('/update-password', {
    preHandler: app.requireUser,
    schema: { tags: ['account'], security: bearer, body: z.object({ password: z.string().min(1).max(MAX_LENGTH.password), new_password: password }) },
  }, async (request) => app.users.updatePassword(request.user!.id, request.body.password, request.body.new_password));

  app.post('/send-reset-password', {
    config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
    schema: { tags: ['account'], body: z.object({ email: emailAddress }) },
  }, async (request) => app.users.sendResetPassword(request.body.email));

  app.post('/reset-password', {
    schema: { tags: ['account'], body: z.object({ password, token: z.string().min(1).max(200) }) },
  }, async (request) => app.users.resetPassword(request.body.token, request.body.password));
};

export default authRoutes;
