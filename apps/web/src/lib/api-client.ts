import { APP_PACKAGE_HEADER, ORIGINAL_HOST_HEADER } from '@amora/shared/constants';
import { type ClientErrorCode, type ErrorCode, isErrorCode } from '@amora/shared/errors';
import { appConfig } from '@/config/app-config';

/**
 * A failed API call with the server's `{ error: { code, message } }`; `code` is one of the
 * shared catalogue's, `network` without an answer, `unknown` for an answer without one.
 */
export class ApiError extends Error {
  readonly code: ErrorCode | ClientErrorCode;
  constructor(
    readonly status: number,
    code: unknown,
    message: string,
    readonly fields: Record<string, string> = {},
    /** When a limit lets the call through again (`error.retry_at`), if it says. */
    readonly retryAt: Date | null = null,
    /** Why staff banned the account (403 `banned`). */
    readonly reason: string | null = null,
  ) {
    super(message);
    this.code = code === 'network' ? 'network' : isErrorCode(code) ? code : 'unknown';
  }
}

/** The ApiError of a failed answer, read from its body when it has the error format. */
export function apiErrorFrom(status: number, statusText: string, payload: unknown): ApiError {
  const error = (
    payload as {
      error?: {
        code?: unknown;
        message?: string;
        fields?: Record<string, string>;
        retry_at?: string;
        reason?: string;
      };
    }
  )?.error;
  const retryAt = error?.retry_at ? new Date(error.retry_at) : null;
  return new ApiError(
    status,
    error?.code,
    error?.message ?? statusText,
    error?.fields ?? {},
    retryAt && !Number.isNaN(retryAt.getTime()) ? retryAt : null,
    typeof error?.reason === 'string' ? error.reason : null,
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every call carries the app package and the page's host (DESIGN "API contract"). */
export function apiHeaders(): Record<string, string> {
  return {
    [APP_PACKAGE_HEADER]: appConfig.appPackage,
    [ORIGINAL_HOST_HEADER]: window.location.host,
  };
}

/** How the server's rendering of a page reads the API: in the process, as this visitor. */
export type ServerCalls = (path: string) => Promise<Response>;

let serverCalls: ServerCalls | null = null;

/**
 * Sends the app's reads through the server while it renders a page (decision 046), and
 * back to the network with null. Only reads: rendering never changes anything.
 */
export function answerCallsOnServer(calls: ServerCalls | null) {
  serverCalls = calls;
}

async function send(method: Method, path: string, body: unknown, init: RequestInit) {
  if (serverCalls) {
    if (method !== 'GET') throw new ApiError(0, 'network', 'Only reads while rendering');
    return serverCalls(path);
  }
  const headers: Record<string, string> = { ...apiHeaders(), accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(path, {
    ...init,
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function request(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await send(method, path, body, init);
  } catch {
    throw new ApiError(0, 'network', 'Network error');
  }
  if (!response.ok) {
    const payload = await response.json().catch(() => null);
    throw apiErrorFrom(response.status, response.statusText, payload);
  }
  return response;
}

export const api = {
  async get<T>(path: string): Promise<T> {
    return (await request('GET', path)).json() as Promise<T>;
  },
  async text(path: string): Promise<string> {
    return (await request('GET', path)).text();
  },
  async post<T>(path: string, body: unknown = {}): Promise<T> {
    return (await request('POST', path, body)).json() as Promise<T>;
  },
  async put<T>(path: string, body: unknown): Promise<T> {
    return (await request('PUT', path, body)).json() as Promise<T>;
  },
  async delete<T>(path: string, body: unknown = {}): Promise<T> {
    return (await request('DELETE', path, body)).json() as Promise<T>;
  },
};

/**
 * Whether a failure says that nobody is logged in (403 `not_logged_in`): the session is over
 * (spec section 4). Other 403s (`not_activated`, `not_in_conversation`, …) refuse one thing
 * and leave the session as it is (decision 026).
 */
export const isLoggedOut = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === 'not_logged_in';
