import { z } from 'zod';
import { emailSchema, loginBodySchema } from './auth.js';

/** A confirmation link to the new address works this long, once. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
/** The "this wasn't me" link in the notice to the old address works this long, once. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
/** The page both mailed links open; `?token=` confirms, `?undo=` restores the old address. */
export const EMAIL_CHANGE_LINK_PATH = '/mail-change/do';

/** POST /api/email-change.php: the new address, proven by the current password. */
export const emailChangeRequestSchema = z.object({
  email: emailSchema,
  // Any length: the password may predate the current length rule.
  password: loginBodySchema.shape.password,
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** A mailed token as it may arrive: anything that is not one is simply `invalid_token`. */
const mailedTokenSchema = z.string().max(200);

/** PUT /api/email-change.php with the token of the confirmation mail. */
export const emailChangeConfirmSchema = z.strictObject({ token: mailedTokenSchema });
/** PUT /api/email-change.php with the token of the notice to the old address. */
export const emailChangeUndoSchema = z.strictObject({ undo: mailedTokenSchema });
export const emailChangePutSchema = z.union([emailChangeConfirmSchema, emailChangeUndoSchema]);
export type EmailChangePut = z.infer<typeof emailChangePutSchema>;

/** An activated member: the change waits for the link mailed to `pending_email`. */
export const emailChangePendingSchema = z.object({
  ok: z.literal(true),
  pending_email: z.string().describe('The address the confirmation link was sent to'),
});
/** A member who has not activated yet: the address is changed at once, a new activation link sent. */
export const emailChangeDirectSchema = z.object({
  ok: z.literal(true),
  email: z.string().describe('The account address now in force'),
});
export const emailChangeRequestResponseSchema = z.union([
  emailChangePendingSchema,
  emailChangeDirectSchema,
]);
export type EmailChangeRequestResponse = z.infer<typeof emailChangeRequestResponseSchema>;

export const emailChangeConfirmResponseSchema = z.object({
  email: z.string().describe('The account address now in force'),
});
export type EmailChangeConfirmResponse = z.infer<typeof emailChangeConfirmResponseSchema>;

export const emailChangeUndoResponseSchema = z.object({ ok: z.literal(true) });
