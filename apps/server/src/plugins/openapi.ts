import { apiErrorSchema } from '@amora/shared/schemas/common';
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION = { session: [] as string[] };

/** `GET /api/admin/order.php` → `getAdminOrder`: unique, since method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/\.php$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '' && word !== 'api');
  return [method.toLowerCase(), ...words]
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

/** The `{ error }` body as JSON Schema, converted once for every operation's error answers. */
const API_ERROR_JSON = z.toJSONSchema(apiErrorSchema) as JsonSchema;

const errorAnswer = (description: string): JsonSchema => ({
  description: `${description}: { error: { code, message } }`,
  ...API_ERROR_JSON,
});

/**
 * The answers every call may give beside its own: what the hooks in front of every route
 * do (the NUL refusal and validation, body parsing, the X-App-Package guard, the staff
 * check, the per-address limit).
 */
function commonErrors(
  method: string,
  url: string,
  route: RouteOptions,
): Record<string, JsonSchema> {
  // Every call: a NUL character anywhere in the query or body is refused before the schema
  // (plugins/nul-refusal.ts), whether or not the route takes parameters.
  const errors: Record<string, JsonSchema> = {
    400: errorAnswer('invalid_input, with the refused fields'),
  };
  // Fastify reads a body on every state-changing call, whether or not the route takes one.
  if (STATE_CHANGING.has(method)) {
    errors[413] = errorAnswer('payload_too_large: the body is over the limit');
    errors[415] = errorAnswer('unsupported_media_type: a content type the call does not read');
  }
  if (url.startsWith('/api/admin/')) {
    errors[403] = errorAnswer('not_logged_in, or not_staff for a member without the role');
  } else if (STATE_CHANGING.has(method) && route.config?.providerCallback !== true) {
    errors[403] = errorAnswer('missing_app_package without the X-App-Package header');
  }
  if (route.config?.providerCallback !== true) {
    errors[429] = errorAnswer('rate_limited: too many calls from this address');
  }
  // While the database or the media store cannot be reached (lib/database-unavailable.ts),
  // with Retry-After: a client tries again later.
  errors[503] = errorAnswer('unavailable: the database or the media store cannot be reached');
  return errors;
}

/**
 * The zod schemas' OpenAPI, completed for client generators: an operationId, the session
 * cookie (required under /api/admin/, optional elsewhere, none for provider callbacks), and
 * the common error answers the route does not already document. Only /api/ is described;
 * the demo checkout's pages are pages.
 */
function transform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input);
  const route = (input as TransformInput & { route: RouteOptions }).route;
  const method = [route.method].flat()[0] ?? 'GET';
  if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
  // A route declared without a schema (test apps build some) is listed as it is.
  if (!schema) return { schema, url };
  // Without answers of its own the route still answers 200 (what @fastify/swagger assumes).
  const own = (schema.response ?? { 200: { description: 'Default Response' } }) as Record<
    string,
    JsonSchema
  >;
  return {
    url,
    schema: {
      ...schema,
      operationId: operationIdOf(method, url),
      ...(route.config?.providerCallback === true && { security: [] }),
      ...(url.startsWith('/api/admin/') && { security: [SESSION] }),
      response: { ...commonErrors(method, url, route), ...own },
    },
  };
}

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
          'errors answer { error: { code, message } }. The session is the amora_session ' +
          'cookie that login and signup set; calls that need a member answer 403 ' +
          'not_logged_in without it.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This instance: the API is on the app’s own origin' }],
      // Optional by default: public calls work without the cookie, member calls need it.
      security: [SESSION, {}],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'amora_session',
            description: 'Set by login and signup (HttpOnly); the browser sends it along.',
          },
        },
      },
    },
    transform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
