import type { ErrorCode } from '@amora/shared/errors';

/**
 * An error the API reports to the client as `{ error: { code, message } }` with its status.
 * The code is one of the shared catalogue's, so the app can say it in the member's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** When a limit lets the call through again: answered as `retry_at` and `Retry-After`. */
    readonly retryAt?: Date,
    /** Why staff banned the account (403 `banned`), as they wrote it. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string, fields?: Record<string, string>) =>
  new AppError(400, code, message, fields);
export const unauthorized = (message = 'Wrong e-mail address or password') =>
  new AppError(401, 'invalid_credentials', message);
export const forbidden = (
  code: ErrorCode = 'forbidden',
  message = 'You are not allowed to do this',
) => new AppError(403, code, message);
export const notLoggedIn = () => new AppError(403, 'not_logged_in', 'Please log in first');
export const notFound = (code: ErrorCode = 'not_found', message = 'Not found') =>
  new AppError(404, code, message);
export const tooManyRequests = (message = 'Too many attempts, please try again later') =>
  new AppError(429, 'rate_limited', message);

/** A limit that knows when it lets the caller through again. */
export const limitedUntil = (code: ErrorCode, message: string, retryAt: Date) =>
  new AppError(429, code, message, undefined, retryAt);

/** A `client_id` sent again with other content (issue 44): the key names one send only. */
export const clientIdReused = (what: 'message' | 'order') =>
  new AppError(
    409,
    'client_id_reused',
    `This client_id came before with another ${what}: a new ${what} needs a new one`,
  );
