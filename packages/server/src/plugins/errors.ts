// One error shape for the whole API: {error} (with code and params when the error is coded) with a 4xx for anything the client got wrong.
// Validation failures are 400; the database out of reach is a 503 (retry later); a unique key
// two saves raced for is a 409; only a real fault of ours is a 500 (and is logged).
// Unknown GETs outside the API get the web app's index.html when it is served (SPA fallback).
import { coded, type CodedMessage } from '@stacksmith/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { causeOf, isDatabaseUnavailable, isUniqueViolation } from '../db/errors.js';
import { errorBody, HttpError } from '../http-errors.js';

function validationMessage(error: FastifyError): CodedMessage {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return coded('request-fields-invalid', {
      issues: error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const where = [error.validationContext, path].filter(Boolean).join('.');
        return where ? `${where}: ${issue.message}` : issue.message ?? '';
      }),
    });
  }
  return coded('request-refused', { reason: error.message });
}

/**
 * Errors Fastify answers before any route or hook runs (a malformed URL, a path segment over
 * maxParamLength): the same {error} shape, and a short message rather than the echoed path.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? coded('path-too-long', {})
    : error.code === 'FST_ERR_BAD_URL' ? coded('url-malformed', {}) : coded('request-refused', { reason: error.message });
  void reply.status(status).send(errorBody(message));
}

const NOT_SPA = /^\/(api|docs)(\/|$)/;

export default fp<{ spaFallback: boolean }>(async (app, { spaFallback }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(errorBody(error.coded));
    if (error.validation) return reply.status(400).send(errorBody(validationMessage(error)));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(errorBody(coded('request-refused', { reason: error.message })));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ cause: causeOf(error) }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody(coded('database-unavailable', {})));
    }
    // Services resolve the races they expect (sign-up, upserts); one left over is still the client's conflict, not our fault.
    if (isUniqueViolation(error)) {
      request.log.warn({ cause: causeOf(error) }, 'unique conflict');
      return reply.status(409).send(errorBody(coded('save-conflict', {})));
    }
    request.log.error(error);
    return reply.status(500).send(errorBody(coded('internal-error', {})));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const spa = spaFallback && (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path) && path !== app.config.buildPath;
    if (spa) return reply.sendFile('index.html');
    return reply.status(404).send(errorBody(coded('route-not-found', { method: request.method, path })));
  });
}, { name: 'errors' });
