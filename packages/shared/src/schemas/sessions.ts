import { z } from 'zod';

/**
 * A session's public id: derived from the stored hash of the cookie, so it names a session
 * without being able to act as one. Anything else that arrives is simply not a session.
 */
const sessionIdSchema = z.string().min(1).max(100);

/** One place the member is logged in, as `GET /api/sessions.php` lists it. */
export const sessionInfoSchema = z.object({
  id: sessionIdSchema.describe('Public id of the session (not the cookie value)'),
  current: z.boolean().describe('Whether this is the session of the call itself'),
  created_at: z.string().describe('When the session was started (logging in), ISO 8601'),
  last_used_at: z.string().describe('Its last call, accurate to the minute, ISO 8601'),
  user_agent: z.string().nullable().describe('The browser it was started from, as it named itself'),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** `GET /api/sessions.php`: the member's live sessions, the current one first. */
export const sessionListResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/**
 * `DELETE /api/sessions.php`: `{ id }` ends one session of the member's, `{ others: true }`
 * every one but the caller's. The id may also come as `?id=` (DELETE calls take their id
 * either way).
 */
export const endSessionsBodySchema = z
  .union([
    z.object({ id: sessionIdSchema }).strict(),
    z.object({ others: z.literal(true) }).strict(),
  ])
  .nullish();
export type EndSessionsBody = NonNullable<z.infer<typeof endSessionsBodySchema>>;
export const endSessionsQuerySchema = z.object({ id: sessionIdSchema.optional() });

/** The answer of `DELETE /api/sessions.php`: how many sessions it ended. */
export const endSessionsResponseSchema = z.object({
  ok: z.literal(true),
  ended: z.number().int().min(0),
});
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;
