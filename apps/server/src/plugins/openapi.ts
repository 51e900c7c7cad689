import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod route schemas, served at /api/openapi.json. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Amora API',
        version: '1.0.0',
        description:
          'Every call of the Amora app. State-changing calls need the X-App-Package header; ' +
          'errors answer { error: { code, message } }.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'amora_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
