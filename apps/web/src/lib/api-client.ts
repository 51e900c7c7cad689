import { APP_PACKAGE_HEADER, ORIGINAL_HOST_HEADER } from '@amora/shared/constants';
import { appConfig } from '@/config/app-config';

/** A failed API call with the server's `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every call carries the app package and the page's host (DESIGN "API contract"). */
export function apiHeaders(): Record<string, string> {
  return {
    [APP_PACKAGE_HEADER]: appConfig.appPackage,
    [ORIGINAL_HOST_HEADER]: window.location.host,
  };
}

async function request(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...apiHeaders(), accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error');
  }
  if (!response.ok) {
    const payload = await response.json().catch(() => null);
    const error = payload?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? response.statusText,
      error?.fields ?? {},
    );
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

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
