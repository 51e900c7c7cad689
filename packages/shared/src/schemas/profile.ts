import { z } from 'zod';
import { COUNTRIES, GENDERS } from '../constants.js';

export const imageSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  thumb_filename: z.string(),
  /**
   * The files are the blurred copy of a flagged photo (issue 18): members reveal it with
   * `GET /api/image.php?id=&reveal=1`, or see it plain with `show_flagged_photos`.
   */
  blurred: z.boolean().optional(),
  /**
   * Set when the picture has no public address (a flagged photo as uploaded, decision 059):
   * load these links of the app, whose every read is checked, not `cdn_prefix` + the name.
   */
  url: z.string().optional(),
  thumb_url: z.string().optional(),
  /** Own photos only: not screened yet, shown to nobody else meanwhile. */
  checking: z.boolean().optional(),
  /** Own photos only: flagged, so others see it blurred. */
  flagged: z.boolean().optional(),
});
export type Image = z.infer<typeof imageSchema>;

/** A member as others see them: age only, never the date of birth or e-mail. */
export const publicProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.enum(GENDERS).nullable(),
  country: z.enum(COUNTRIES).nullable(),
  countryregion: z.string().nullable(),
  city: z.string().nullable(),
  language: z.string(),
  main_image: imageSchema.nullable(),
  images: z.array(imageSchema),
  notes: z.record(z.string(), z.string()),
  fields: z.record(z.string(), z.string()),
  interests: z.array(z.string()),
  fictional: z.boolean(),
  /** A person compared a selfie in an assigned pose with the member's photos (issue 48). */
  verified: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The logged-in member's own profile adds the date of birth. */
export const ownProfileSchema = publicProfileSchema.extend({
  date_of_birth: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const profileResponseSchema = z.object({ profile: publicProfileSchema });
export const profileQuerySchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
