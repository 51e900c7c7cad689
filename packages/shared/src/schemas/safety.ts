import { z } from 'zod';
import { publicProfileSchema } from './profile.js';
import { validationMessage } from './validation-messages.js';

/** A member id in a JSON body: a plain positive integer, never coerced. */
const bodyIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `POST` and `DELETE /api/block.php`: the member to block or unblock. */
export const blockBodySchema = z.object({ profile: bodyIdSchema });
export type BlockBody = z.infer<typeof blockBodySchema>;
export const blockResponseSchema = z.object({ ok: z.literal(true) });

/** `GET /api/blocks.php`: the members the caller blocked, most recent first. */
export const blocksResponseSchema = z.object({ profiles: z.array(publicProfileSchema) });
export type BlocksResponse = z.infer<typeof blocksResponseSchema>;

/** Why a member reports another (issue 17). */
export const REPORT_REASONS = [
  'fake',
  'scam',
  'harassment',
  'underage',
  'inappropriate_photo',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest free text a report may carry, in characters. */
export const REPORT_TEXT_MAX_LENGTH = 2000;
/** Reports one member may send in a day. */
export const REPORTS_PER_DAY = 20;
/** Messages of the reported conversation kept as evidence (the newest). */
export const REPORT_EVIDENCE_MESSAGES = 50;
/** Days a closed report and its evidence are kept. */
export const REPORT_RETENTION_DAYS = 180;

/**
 * `POST /api/report.php`: the reported member, why, and optionally what: one of their
 * photos (`image`) or the conversation with them (`conversation`).
 */
export const reportBodySchema = z.object({
  profile: bodyIdSchema,
  reason: z.enum(REPORT_REASONS, { error: validationMessage('validation.required') }),
  text: z
    .string()
    .trim()
    .max(
      REPORT_TEXT_MAX_LENGTH,
      validationMessage('validation.max_length', { max: REPORT_TEXT_MAX_LENGTH }),
    )
    .optional(),
  conversation: bodyIdSchema.optional(),
  image: bodyIdSchema.optional(),
});
export type ReportBody = z.infer<typeof reportBodySchema>;
export const reportResponseSchema = z.object({ id: z.number().int() });
export type ReportResponse = z.infer<typeof reportResponseSchema>;
