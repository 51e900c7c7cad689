import { z } from 'zod';

// Kept without zod so the app's first page can import them (issue 24).
import { IMAGE_UPLOAD_LIMITS } from '../rules/image-upload-limits.js';
import { imageSchema } from './profile.js';

export { IMAGE_UPLOAD_LIMITS };

/** One stored upload; the name is appended to `settings.cdn_prefix` to make its URL. */
export const uploadedImageSchema = z.object({
  id: z.number().int(),
  thumb_filename: z.string(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Answer of `POST /api/profileimage.php`: the new photos in the order they were sent. */
export const profileImageResponseSchema = z.object({
  images: z.array(uploadedImageSchema),
});
export type ProfileImageResponse = z.infer<typeof profileImageResponseSchema>;

/** A photo id in a JSON body: a plain positive integer, never coerced from other types. */
const imageIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * `PUT /api/profileimage.php`: the member's photos in their new order (every one of their
 * photo ids, each once) and, optionally, which of them is the main photo.
 */
export const photoArrangementSchema = z
  .object({
    order: z
      .array(imageIdSchema)
      .min(1)
      .max(IMAGE_UPLOAD_LIMITS.maxPhotosPerMember)
      .refine((ids) => new Set(ids).size === ids.length, 'Each photo may appear only once'),
    main: imageIdSchema.optional(),
  })
  .strict();
export type PhotoArrangement = z.infer<typeof photoArrangementSchema>;

/** `DELETE /api/profileimage.php`: the photo to remove, in the body or as `?image=`. */
export const photoDeleteBodySchema = z.object({ image: imageIdSchema.optional() }).nullish();
export const photoDeleteQuerySchema = z.object({
  image: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** `GET /api/image.php?id=&reveal=1`: a photo others see blurred, as uploaded (members only). */
export const imageRevealQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reveal: z.enum(['1', 'true']),
});
export const imageRevealResponseSchema = z.object({ image: imageSchema });
export type ImageRevealResponse = z.infer<typeof imageRevealResponseSchema>;

/** What a private picture is kept for (decision 059); each has its own rule of who reads it. */
export const PRIVATE_PURPOSES = [
  'flagged_original',
  'report_evidence',
  'verification_selfie',
] as const;
export type PrivatePurpose = (typeof PRIVATE_PURPOSES)[number];

/** A private picture by what it is kept for and its id, full size or its thumbnail. */
export const privateMediaQuerySchema = z.object({
  purpose: z.enum(PRIVATE_PURPOSES),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  size: z.enum(['full', 'thumb']).default('full'),
});
export type PrivateMediaQuery = z.infer<typeof privateMediaQuerySchema>;

/** The app's own address of a private picture: every read of it passes the app's check. */
export const privateMediaLink = (
  purpose: PrivatePurpose,
  id: number,
  size: 'full' | 'thumb' = 'full',
) => `/api/private-media.php?purpose=${purpose}&id=${id}${size === 'thumb' ? '&size=thumb' : ''}`;
