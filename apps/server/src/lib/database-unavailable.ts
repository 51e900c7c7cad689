/**
 * Whether an error says the database cannot be reached just now (stopped, restarting,
 * failing over), as opposed to a query that is wrong. The error handler answers these with
 * 503 `unavailable` rather than 500 `internal`: the client should try again, the operator's
 * alert is /api/health's 503, and nothing about the query leaves the server.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown,
    // 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down) and
    // 53300 too_many_connections.
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    // The socket to it: refused, reset, or its host name gone (a stopped container).
    // Only on the error itself, not a cause: a failed fetch to a partner stays its own error.
    if (SOCKET_CODES.has(code)) return true;
  }
  // node-postgres says a connection ended under a query in text only.
  if (typeof message === 'string' && PG_CONNECTION_TEXTS.some((text) => message.includes(text))) {
    return true;
  }
  // Node tries each address of a host name and reports all the refusals at once.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const PG_CONNECTION_TEXTS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
