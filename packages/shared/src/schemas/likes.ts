import { z } from 'zod';
import { publicProfileSchema } from './profile.js';

/** A member who liked the viewer: `id` is the liker's profile id. */
export const likedByEntrySchema = z.object({
  id: z.number().int(),
  like_new: z.boolean(),
  profile: publicProfileSchema,
});
export type LikedByEntry = z.infer<typeof likedByEntrySchema>;

export const likesResponseSchema = z.object({
  /** Members the viewer liked, most recent first. */
  profiles: z.array(publicProfileSchema),
  /** Members who liked the viewer, new likes first. */
  liked_by: z.array(likedByEntrySchema),
});
export type LikesResponse = z.infer<typeof likesResponseSchema>;
