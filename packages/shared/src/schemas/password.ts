import { z } from 'zod';
import { emailSchema, loginBodySchema } from './auth.js';
import { passwordSchema } from './signup.js';

/** A reset link works this long, once; the mail and the page both say so. */
export const PASSWORD_RESET_LINK_HOURS = 2;

/** The path of the link in the reset mail; the token travels in its `token` query. */
export const PASSWORD_RESET_LINK_PATH = '/reset-password/do';

/** A reset token as it may arrive: anything that is not one is simply not valid. */
const resetTokenSchema = z.string().max(200);

/** POST /api/password-reset.php: asks for a reset link. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The same answer for every address, so the call tells nobody who has an account. */
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** GET /api/password-reset.php?token=: an odd or missing token is just not valid, never a 400. */
export const passwordResetCheckQuerySchema = z.object({
  token: z.string().optional().catch(undefined),
});
export const passwordResetCheckResponseSchema = z.object({
  valid: z.boolean().describe('Whether the link can still be used to choose a new password'),
});
export type PasswordResetCheckResponse = z.infer<typeof passwordResetCheckResponseSchema>;

/** PUT /api/password-reset.php: the new password, with the token from the mail. */
export const passwordResetBodySchema = z.object({
  token: resetTokenSchema,
  password: passwordSchema,
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** The reset form: the new password typed twice (only the first is sent). */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, {
    message: 'password.mismatch',
    path: ['repeat'],
  });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** PUT /api/password.php: a logged-in member changes the password, proving the old one. */
export const passwordChangeBodySchema = z.object({
  // Any length: the old password may predate the current rule.
  current_password: loginBodySchema.shape.password,
  new_password: passwordSchema,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;
