import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { emailSchema } from './auth.js';
import { validationMessage } from './validation-messages.js';

/** A question to customer service, or a complaint (a decision of ours, a problem). */
export const SERVICE_REQUEST_KINDS = ['question', 'complaint'] as const;
export const SERVICE_REQUEST_TOPICS = [
  'account',
  'payment',
  'report',
  'blocked',
  'privacy',
  'other',
] as const;
export const SERVICE_MESSAGE_MIN = 20;
export const SERVICE_MESSAGE_MAX = 5000;
export const SERVICE_NAME_MAX = 80;

const requiredText = (min: number, max: number) =>
  z
    .string({ error: validationMessage('validation.required') })
    .trim()
    .min(1, validationMessage('validation.required'))
    .min(min, validationMessage('validation.min_length', { min }))
    .max(max, validationMessage('validation.max_length', { max }));

/**
 * POST /api/service-request.php. Logged out, `email` is where we answer (required);
 * logged in, the account's address is used and `email` is ignored.
 */
export const serviceRequestSchema = z.object({
  kind: z.enum(SERVICE_REQUEST_KINDS),
  topic: z.enum(SERVICE_REQUEST_TOPICS, { error: validationMessage('validation.required') }),
  name: requiredText(1, SERVICE_NAME_MAX),
  email: emailSchema.optional(),
  message: requiredText(SERVICE_MESSAGE_MIN, SERVICE_MESSAGE_MAX),
  /** The language of the page it was sent from: the confirmation mail's language. */
  language: z.enum(LOCALES).optional(),
});
export type ServiceRequestInput = z.infer<typeof serviceRequestSchema>;

export const serviceRequestResponseSchema = z.object({
  reference: z.string().describe('What the member quotes when they write again, e.g. C-1042'),
});
export type ServiceRequestResponse = z.infer<typeof serviceRequestResponseSchema>;
