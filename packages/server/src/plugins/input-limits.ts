// Bad input ends at the door, for every route at once: JSON bodies nested too deeply or
// holding a NUL are refused before they are built, objects with own toString/valueOf keys
// right after (input/json-text.ts), and so is a NUL in
// the path or query string (%00), which PostgreSQL text cannot hold. Lengths, dates and
// shapes are the routes' zod schemas' job (input/schemas.ts holds the shared pieces).
import { coded } from '@stacksmith/domain';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.js';
import { jsonTextProblem, reservedKeyProblem } from '../input/json-text.js';

const ENCODED_NUL = /%00/;

export default fp(async (app) => {
  // Fastify's own parser (prototype-poisoning checks included) runs after the scan.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const problem = jsonTextProblem(text);
    if (problem) {
      done(new HttpError(400, problem), undefined);
      return;
    }
    defaultJsonParser(request, text, (error, value) => {
      const reserved = error ? null : reservedKeyProblem(text, value);
      if (reserved) done(new HttpError(400, reserved), undefined);
      else done(error, value);
    });
  });

  app.addHook('onRequest', async (request) => {
    if (ENCODED_NUL.test(request.url)) throw new HttpError(400, coded('text-contains-nul', {}));
  });
}, { name: 'input-limits' });
