import { z } from 'zod';
import { validationMessage } from './validation-messages.js';

/** E-mail addresses are compared trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: validationMessage('validation.required') })
  .trim()
  .toLowerCase()
  .min(1, validationMessage('validation.required'))
  .max(254, validationMessage('validation.max_length', { max: 254 }))
  .pipe(z.email({ error: validationMessage('validation.email') }));

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: validationMessage('validation.required') })
    .min(1, validationMessage('validation.required'))
    .max(1024, validationMessage('validation.max_length', { max: 1024 })),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
