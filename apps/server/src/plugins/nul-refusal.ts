import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';
import { isUnder } from '../lib/route-path.js';

const NUL_TEXT = 'This field may not contain a NUL character';

/** A parsed query (its prototype an empty null-prototype object) or a parsed JSON object. */
function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The dotted path of the first string holding a NUL character in `value` (`''` for the value
 * itself), or null. Only arrays and plain objects are walked: a Buffer body (a webhook's
 * raw bytes) is not text to judge.
 */
function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (!Array.isArray(value) && !isPlain(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\0')) return path ? `${path}.${key}` : key;
    const found = nulPath(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL's text holds no NUL character: one reaching a query failed there as a 500. So
 * every API call with a NUL in any string of its query, path parameters or body is refused
 * once, here, with 400 `invalid_input` naming the field, before any schema or handler sees it.
 * A preValidation hook registered after the staff plugin's, so staff calls still answer
 * 403 to callers without the role first.
 */
export const nulRefusalPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (!isUnder(request, '/api/')) return;
    for (const part of [request.query, request.params, request.body]) {
      const path = nulPath(part);
      if (path === null) continue;
      const field = path || 'body';
      throw badRequest('invalid_input', `${field}: ${NUL_TEXT}`, { [field]: NUL_TEXT });
    }
  });
});
