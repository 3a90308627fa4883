// OpenAPI for every route at /docs, generated from the zod schemas; the UI's assets are
// served from the package (no CDN).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stacksmith API', version: '0.1.0', description: 'The calls of the spec (docs/api.md). Build stream: WebSocket at /build.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}, { name: 'docs' });
