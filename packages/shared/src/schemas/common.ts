import { z } from 'zod';

/** The body of every 4xx/5xx answer. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** When a limit lets the call through again (ISO time), for limits that know it. */
    retry_at: z.string().optional(),
    /** Why staff banned the account (403 `banned`). */
    reason: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Database ids travel as positive integers; query strings carry them as text. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Booleans in query strings: `1`/`0` and `true`/`false`. */
export const queryBooleanSchema = z
  .enum(['1', '0', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');

/**
 * A client's key for one send (issue 44, docs/decisions/058): a UUID the client makes per
 * message or per checkout and sends again with every repeat, so the repeat counts once.
 */
export const clientIdSchema = z
  .uuid()
  .describe(
    'A UUID the client makes per message or per checkout, optional. The same member repeating it gets what the first call stored; with other content, 409 `client_id_reused`',
  );
