import type { ErrorCode } from '@amora/shared/errors';
import { validationTextEn } from '@amora/shared/schemas/validation-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/database-unavailable.js';
import { AppError } from '../lib/errors.js';

/** Fastify's own 4xx failures (a malformed body, say) under a code of the shared catalogue. */
function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'bad_request';
}

function fieldsOf(
  issues: {
    instancePath: string;
    message?: string;
    params?: { issue?: { path?: PropertyKey[] } };
  }[],
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path =
      issue.params?.issue?.path?.map(String).join('.') ||
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (path && !fields[path]) fields[path] = validationTextEn(issue.message ?? 'Invalid value');
  }
  return fields;
}

/** How long a restarting database is worth waiting for before the next try. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/** Every failure leaves as `{ error: { code, message } }`; a 5xx never carries internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAt) {
        const seconds = Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000));
        reply.header('retry-after', String(seconds));
      }
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields && { fields: error.fields }),
          ...(error.retryAt && { retry_at: error.retryAt.toISOString() }),
          ...(error.reason !== undefined && { reason: error.reason }),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation);
      const [first] = Object.entries(fields);
      return reply.status(400).send({
        error: {
          code: 'invalid_input',
          message: first ? `${first[0]}: ${first[1]}` : 'The request is not valid',
          fields,
        },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus(status);
      const message = status === 429 ? 'Too many requests, please slow down' : error.message;
      return reply.status(status).send({ error: { code, message } });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover, not a bug: the client tries again (the app says so in its
      // language); /api/health answers 503 meanwhile for the load balancer and alerts.
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return reply.status(503).send({
        error: {
          code: 'unavailable',
          message: 'The service is briefly unavailable, please try again',
        },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      error: { code: 'internal', message: 'Something went wrong on our side, please try again' },
    });
  });
});
