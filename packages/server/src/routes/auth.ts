// Accounts: sign-up, login, the token check, password change and reset. Every call that
// guesses (login, the current password) or writes without login is rate limited (docs/server.md).
import {
  accountInfoReplySchema, authCheckReplySchema, coded, loginReplySchema, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, passwordChangeReplySchema, successReplySchema,
} from '@stacksmith/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, tooManyRequests } from '../http-errors.js';
import { limit, perUser } from '../plugins/rate-limits.js';
import { emailAddress, MAX_LENGTH } from '../input/schemas.js';
import { bearer, brand } from './params.js';

const password = z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_LENGTH.password);

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Wrong current passwords per account: only failures count, so changing one's password twice is fine. */
  const wrongPasswords = app.createRateLimit({ ...limit(app.config.passwordAttemptLimit, '15 minutes', coded('too-many-password-attempts', {})), ...perUser });
  const resetLimit = limit(app.config.loginRateLimit, '1 minute', coded('too-many-requests', {}));

  app.post('/sign-up', {
    config: { rateLimit: limit(app.config.signUpRateLimit, '1 hour', coded('too-many-sign-ups', {})) },
    schema: {
      tags: ['auth'],
      body: z.object({
        email: emailAddress, password, first_name: z.string().trim().min(1).max(100), last_name: z.string().trim().min(1).max(100),
      }),
      response: { 200: loginReplySchema },
    },
  }, async (request) => app.users.signUp(request.body));

  app.post('/login', {
    config: { rateLimit: limit(app.config.loginRateLimit, '1 minute', coded('too-many-login-attempts', {})) },
    schema: {
      tags: ['auth'],
      body: z.object({ email: z.string().min(1).max(MAX_LENGTH.email), password: z.string().min(1).max(MAX_LENGTH.password) }),
      response: { 200: loginReplySchema },
    },
  }, async (request) => app.users.login(request.body));

  app.get('/auth/:app/:token', {
    schema: {
      tags: ['auth'],
      description: 'Token check: answers a refreshed token near expiry. With ?id= it is the partner login check (token = hex HMAC-SHA256 of "{app}:{id}").',
      params: z.object({ app: brand, token: z.string().min(1).max(4096) }),
      querystring: z.object({ id: z.string().min(1).max(200).optional() }),
      response: { 200: authCheckReplySchema },
    },
  }, async (request) => {
    const { app: brandName, token } = request.params;
    return request.query.id !== undefined
      ? app.users.partnerCheck(brandName, token, request.query.id)
      : app.users.check(brandName, token);
  });

  app.get('/account-info', {
    onRequest: app.requireUser,
    schema: { tags: ['account'], security: bearer, response: { 200: accountInfoReplySchema } },
  }, async (request) => {
    const user = request.user!;
    return { email: user.email, first_name: user.firstName, last_name: user.lastName, admin: user.admin, plan_name: user.planName };
  });

  app.post('/update-password', {
    onRequest: app.requireUser,
    schema: {
      tags: ['account'], security: bearer,
      description: 'Changes the password; every other session ends (older tokens are refused) and the answer carries a fresh access_token.',
      body: z.object({ password: z.string().min(1).max(MAX_LENGTH.password), new_password: password }),
      response: { 200: passwordChangeReplySchema },
    },
  }, async (request) => {
    const userId = request.user!.id;
    const attempts = await wrongPasswords(request, { increment: false });
    if (!attempts.isAllowed && attempts.remaining === 0) throw tooManyRequests(coded('too-many-password-attempts', {}));
    if (!(await app.users.passwordMatches(userId, request.body.password))) {
      await wrongPasswords(request);
      throw badRequest(coded('wrong-password', {}));
    }
    return app.users.changePassword(userId, request.body.new_password, request.user!.tokenVersion);
  });

  app.post('/send-reset-password', {
    config: { rateLimit: resetLimit },
    schema: { tags: ['account'], body: z.object({ email: emailAddress }), response: { 200: successReplySchema } },
  }, async (request) => app.users.sendResetPassword(request.body.email));

  app.post('/reset-password', {
    config: { rateLimit: resetLimit },
    schema: { tags: ['account'], body: z.object({ password, token: z.string().min(1).max(200) }), response: { 200: successReplySchema } },
  }, async (request) => app.users.resetPassword(request.body.token, request.body.password));
};

export default authRoutes;
