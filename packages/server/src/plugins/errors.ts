// One error shape for the whole API: {error} with a 4xx for anything the client got wrong.
// Validation failures are 400; only a real fault of ours is a 500 (and is logged).
// Unknown GETs outside the API get the web app's index.html when it is served (SPA fallback).
import { INTERNAL_ERROR, NOT_FOUND } from '@stacksmith/domain';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-errors.js';

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const where = [error.validationContext, path].filter(Boolean).join('.');
        return where ? `${where}: ${issue.message}` : issue.message;
      })
      .join('; ');
  }
  return error.message;
}

const NOT_SPA = /^\/(api|docs)(\/|$)/;

export default fp<{ spaFallback: boolean }>(async (app, { spaFallback }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message });
    if (error.validation) return reply.status(400).send({ error: validationMessage(error) });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ error: error.message });
    request.log.error(error);
    return reply.status(500).send({ error: INTERNAL_ERROR });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const spa = spaFallback && (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path) && path !== app.config.buildPath;
    if (spa) return reply.sendFile('index.html');
    return reply.status(404).send({ error: `${NOT_FOUND}: ${request.method} ${path}` });
  });
}, { name: 'errors' });
