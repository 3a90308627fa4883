// The auth concern: tokens, the user service, request.user from `Authorization: Bearer`,
// and the requireUser / requireAdmin guards.
import { coded } from '@stacksmith/domain';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http-errors.js';
import { OutboxTransport, SmtpTransport, type MailTransport } from '../services/mail.js';
import { resolveTokenSecret, TokenService } from '../services/tokens.js';
import { UserService } from '../services/users.js';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const token = match ? match[1]! : header.trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

export default fp(async (app) => {
  const secret = await resolveTokenSecret(app.db, app.config.jwtSecret);
  const tokens = new TokenService(secret, app.config.tokenTtlSeconds, app.config.tokenRefreshWindowSeconds);
  const mail: MailTransport = app.config.smtpUrl
    ? new SmtpTransport(app.config.smtpUrl, app.config.mailFrom)
    : new OutboxTransport(app.db, (line) => app.log.info(line));
  app.decorate('tokens', tokens);
  app.decorate('mail', mail);
  app.decorate('users', new UserService(app.db, tokens, mail, { brands: app.config.brands, publicUrl: app.config.publicUrl }));

  app.decorateRequest('user', null);
  app.decorateRequest('tokenInvalid', false);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.user = token ? await app.users.userForToken(token) : null;
    request.tokenInvalid = token !== null && !request.user;
  });

  app.decorate('requireUser', async (request) => {
    if (!request.user) throw unauthorized(coded(request.tokenInvalid ? 'invalid-token' : 'not-logged-in', {}));
  });
  app.decorate('requireAdmin', async (request) => {
    if (!request.user) throw unauthorized(coded('not-logged-in', {}));
    if (!request.user.admin) throw forbidden(coded('admin-only', {}));
  });
}, { name: 'auth', dependencies: ['db'] });
