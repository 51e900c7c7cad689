import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * Verified members (issue 48, docs/decisions/063): a selfie in a pose the server assigned,
 * which a person compares with the member's photos.
 */

/** Tries (selfies sent, a face check's refusal included) a member has in a day. */
export const VERIFICATION_TRIES_PER_DAY = 5;
/** How long an assigned pose may be answered; after that the member is given a new one. */
export const VERIFICATION_POSE_MINUTES = 15;
/** A selfie is removed this many days after a person decided on it (docs/privacy.md). */
export const VERIFICATION_SELFIE_DAYS = 30;

export const VERIFICATION_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Why staff refused a selfie: the member reads it in their language (`verification.reasons`). */
export const VERIFICATION_REJECT_REASONS = [
  'pose_mismatch',
  'face_not_visible',
  'not_the_member',
  'photo_quality',
  // A re-check after all photos were replaced, once the earlier selfie is no longer kept.
  'new_selfie_needed',
] as const;
export type VerificationRejectReason = (typeof VERIFICATION_REJECT_REASONS)[number];

/** A pose to make: its id, its drawing as a `data:` address, and the instruction. */
export const verificationPoseSchema = z.object({
  id: z.string(),
  image: z.string(),
  text: z.string(),
});
export type VerificationPose = z.infer<typeof verificationPoseSchema>;

/** `GET /api/verification.php`. */
export const verificationStateSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  /** The pose to make, with status `none` or `rejected`; null otherwise. */
  pose: verificationPoseSchema.nullable(),
  /** Why the last selfie was refused, with status `rejected`. */
  reason: z.enum(VERIFICATION_REJECT_REASONS).nullable(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

/** `POST /api/verification.php`: 202 once the selfie waits for a person. */
export const verificationSentSchema = z.object({ status: z.literal('pending') });

/** A selfie in the staff queue, beside the pose asked for and the member's photos. */
export const queuedVerificationSchema = z.object({
  id: z.number().int(),
  // As `personSchema` of the staff schemas, which the member bundle does not load.
  member: z.object({ id: z.number().int(), name: z.string().nullable() }),
  /**
   * The app's checked address of the selfie (`/api/private-media.php`); null for a re-check
   * after the member replaced all photos when the earlier selfie is no longer kept.
   */
  selfie_url: z.string().nullable(),
  pose: verificationPoseSchema,
  photos: z.array(z.object({ id: z.number().int(), url: z.string() })),
  created_at: z.string(),
});
export type QueuedVerification = z.infer<typeof queuedVerificationSchema>;
export const verificationsQuerySchema = z.object({ after: idSchema.optional() });
export const verificationsResponseSchema = z.object({
  verifications: z.array(queuedVerificationSchema),
});

export const verificationActionBodySchema = z
  .object({
    verification: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    action: z.enum(['approve', 'reject']),
    reason: z.enum(VERIFICATION_REJECT_REASONS).optional(),
  })
  .strict()
  .refine((body) => body.action === 'approve' || body.reason !== undefined, {
    path: ['reason'],
    message: 'Say why the selfie is rejected',
  });
export type VerificationActionBody = z.infer<typeof verificationActionBodySchema>;
