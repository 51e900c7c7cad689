import { trace } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/**
 * What the server's log may say about a request (docs/decisions/028): request id (pino's
 * `reqId` binding), method, the matched route, the path and query with every secret
 * masked, status and response time. Never headers, cookies, bodies, tokens, signatures,
 * e-mail addresses or positions.
 */

const REDACTED = '[redacted]';
const MAX_URL_LENGTH = 600;

/**
 * Query parameters whose values are never logged, by name: tokens and codes of mailed links,
 * signatures (`s` of the unsubscribe link), the e-mail change's `undo`, addresses, passwords
 * and positions (`lat`/`lon` of geocode). Matched as parts of the name, so `reset_token`,
 * `emailAddress` or `latitude` are caught too; masking a harmless value costs nothing.
 */
const SECRET_NAME =
  /token|code|key|sig|hash|mail|pass|secret|undo|csrf|auth|session|cookie|lat|lng|lon|position|coord|geo/i;
const SECRET_SHORT_NAMES = new Set(['s', 't', 'k']);

/** Long random-looking values: tokens, hex signatures, UUIDs (no dots: file names keep theirs). */
const TOKEN_LIKE = /^[A-Za-z0-9_~+/=-]{20,}$/;
/** Upload names and order ids, also inside a longer segment (`<uuid>-thumb.webp`). */
const UUID_INSIDE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A latitude/longitude pair written as one value. */
const COORDINATE_PAIR = /^\s*-?\d{1,3}\.\d{2,}\s*[,;\s]\s*-?\d{1,3}\.\d{2,}\s*$/;
/** E-mail addresses inside free text (error messages); `node_modules/@scope` does not match. */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** Whether a value (decoded) would give away an address, a token or a position. */
export function looksSecret(value: string): boolean {
  if (value.includes('@')) return true;
  if (COORDINATE_PAIR.test(value)) return true;
  if (TOKEN_LIKE.test(value))
    return value.length >= 32 || (/\d/.test(value) && /[A-Za-z]/.test(value));
  return false;
}

function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_SHORT_NAMES.has(lower) || SECRET_NAME.test(lower);
}

/** The query string with the values of secret parameters (and secret-looking values) masked. */
export function maskQuery(query: string): string {
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      const name = decode(rawName);
      if (looksSecret(name)) return REDACTED;
      if (eq === -1) return rawName;
      const value = decode(pair.slice(eq + 1));
      return isSecretName(name) || looksSecret(value) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

function maskPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const decoded = decode(segment);
      return looksSecret(decoded) || UUID_INSIDE.test(decoded) ? REDACTED : segment;
    })
    .join('/');
}

/**
 * The request target as logged. A route with parameters or a wildcard (`/uploads/*`,
 * `/_pay/demo/:id`) is logged by its pattern, since the path itself carries a file name or an
 * order id; other paths keep their segments unless one looks secret. The query keeps only
 * what is harmless (see `maskQuery`).
 */
export function loggedUrl(rawUrl: string, route: string | undefined): string {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = q === -1 ? '' : maskQuery(rawUrl.slice(q + 1));
  // `/*` is the web build's static files (public asset names): the path tells more than the pattern.
  const shown = route && route !== '/*' && /[:*]/.test(route) ? route : maskPath(path);
  const url = query ? `${shown}?${query}` : shown;
  return url.length > MAX_URL_LENGTH ? `${url.slice(0, MAX_URL_LENGTH)}…` : url;
}

/** Fastify's request, or (for errors before routing) Node's raw request. */
type LoggedRequest =
  | FastifyRequest
  | { method?: string; url?: string; socket?: { remoteAddress?: string } };

function isFastifyRequest(req: LoggedRequest): req is FastifyRequest {
  return 'routeOptions' in req;
}

function requestFields(req: LoggedRequest) {
  if (!isFastifyRequest(req)) {
    return {
      method: req.method,
      url: loggedUrl(req.url ?? '', undefined),
      remoteAddress: req.socket?.remoteAddress,
    };
  }
  const route = req.routeOptions?.url;
  return {
    method: req.method,
    route: route ?? null,
    url: loggedUrl(req.url, route),
    host: req.host,
    remoteAddress: req.ip,
  };
}

function serializeRes(res: FastifyReply | { statusCode?: number }) {
  if (!('request' in res) || !res.request) return { statusCode: res.statusCode };
  const { method, route, url } = requestFields(res.request);
  return { statusCode: res.statusCode, method, route, url };
}

/** Properties of an error that name what failed without the data it failed on. */
const ERROR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
] as const;

const maskText = (text: string) => text.replace(EMAIL_IN_TEXT, REDACTED);

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * Errors by a list of known-harmless fields. pino's standard serializer copies every
 * property, and database drivers attach the failed query's parameters (PGlite: `params`;
 * `pg`: `detail` with the offending values), which may be e-mail addresses, password hashes
 * or session ids.
 */
export function serializeError(err: unknown, depth = 0): LoggedError | unknown {
  if (!(err instanceof Error)) return err;
  const logged: LoggedError = {
    type: err.constructor?.name ?? 'Error',
    message: maskText(err.message),
  };
  if (err.stack) logged.stack = maskText(err.stack);
  const fields = err as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (err.cause !== undefined && depth < 3) {
    logged.cause = serializeError(err.cause, depth + 1) as LoggedError;
  }
  return logged;
}

/**
 * Paths masked wherever they occur in a log line, in case a caller logs a raw object: the
 * serializers above never emit them.
 */
const REDACT_PATHS = [
  'req.headers',
  'res.headers',
  'headers',
  '*.headers',
  'body',
  '*.body',
  'password',
  '*.password',
  'email',
  '*.email',
  'token',
  '*.token',
  'params',
  '*.params',
];

/** The logger options of the server (serializers for req, res and err; redaction). */
export const requestLogOptions = {
  serializers: {
    req: (req: LoggedRequest) => requestFields(req),
    res: serializeRes,
    err: serializeError,
  },
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  // With tracing on (telemetry.ts), a line logged inside a request names its trace; without
  // it the API answers no span and the line is as before.
  mixin() {
    const span = trace.getActiveSpan();
    return span ? { traceId: span.spanContext().traceId } : {};
  },
} satisfies LoggerOptions;
