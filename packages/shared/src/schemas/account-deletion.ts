import { z } from 'zod';
import { validationMessage } from './validation-messages.js';

/**
 * `DELETE /api/user.php`: the member confirms with their current password, so a session
 * left open on a shared device cannot erase the account (docs/decisions/013).
 */
export const deleteAccountBodySchema = z.object({
  password: z
    .string({ error: validationMessage('validation.required') })
    .min(1, validationMessage('validation.required'))
    .max(1024, validationMessage('validation.max_length', { max: 1024 })),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const deleteAccountResponseSchema = z.object({ ok: z.literal(true) });
