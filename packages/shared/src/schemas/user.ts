import { z } from 'zod';
import { memberSettingsSchema } from './member-settings.js';
import { ownProfileSchema } from './profile.js';

/** Mail provider code: 2 is the large web mail provider (spec section 3). */
export const MAILPROVIDER_LARGE_WEBMAIL = 2;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  mailprovider: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  activated: z.boolean(),
  credits: z.number().int(),
  last_signup_step: z.number().int().nullable(),
  profile: ownProfileSchema,
  /** The member's own choices (`memberSettingsSchema`). */
  settings: memberSettingsSchema,
  /** The member's staff role, which opens the console at /admin. */
  staff: z.enum(['admin', 'moderator']).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
