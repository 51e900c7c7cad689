import { z } from 'zod';

/**
 * A member id in a JSON body: a plain positive integer. Unlike `idSchema` (query strings) it
 * does not coerce, so `true` or `[5]` cannot turn into an id.
 */
const bodyIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `POST /api/likes.php`: the member to like. */
export const likeBodySchema = z.object({ profile: bodyIdSchema });
export type LikeBody = z.infer<typeof likeBodySchema>;

/**
 * `DELETE /api/likes.php`: the member to unlike, in the JSON body or as `?profile=` (DELETE
 * calls take their id either way); one of the two must be there.
 */
export const unlikeBodySchema = z.object({ profile: bodyIdSchema.optional() }).nullish();
export const unlikeQuerySchema = z.object({
  profile: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The answer of both: whether the viewer now likes the member. */
export const likeStateResponseSchema = z.object({ liked: z.boolean() });
export type LikeStateResponse = z.infer<typeof likeStateResponseSchema>;
