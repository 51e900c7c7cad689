import { z } from 'zod';
import { COUNTRIES, LOCALES, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { NAME_EQUAL_TO_EMAIL, nameIsEmail } from '../rules/member-name.js';
import { TRACKING_PARAMS, TRACKING_VALUE_MAX } from '../rules/tracking.js';
import { emailSchema } from './auth.js';
import { idSchema } from './common.js';
import { validationMessage } from './validation-messages.js';

export const EMAIL_STATUSES = ['new', 'active', 'not_confirmed', 'deleted', 'invalid'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const validateEmailQuerySchema = z.object({ email: z.string().max(320) });
export const validateEmailResponseSchema = z.object({
  token: z.string(),
  status: z.enum(EMAIL_STATUSES),
  email: z.string(),
  request_email: z.string(),
});
export type ValidateEmailResponse = z.infer<typeof validateEmailResponseSchema>;

/** What a tracking value may hold (it ends up in links and reports). */
const TRACKING_VALUE = /^[\w.\-~:@+]+$/;

export const trackingSchema = z
  .object(
    Object.fromEntries(
      Object.keys(TRACKING_PARAMS).map((field) => [
        field,
        z.string().regex(TRACKING_VALUE).max(TRACKING_VALUE_MAX).optional(),
      ]),
    ) as Record<keyof typeof TRACKING_PARAMS, z.ZodOptional<z.ZodString>>,
  )
  .strict();

/**
 * The signup's traffic source as clients of the original API send it: the tracking object,
 * the network alone as a string, or nothing (`""`, null or absent). Always read as the
 * tracking object or null.
 */
export const trafficsourceSchema = z
  .union([
    trackingSchema,
    z
      .string()
      .trim()
      .max(TRACKING_VALUE_MAX)
      .refine((value) => value === '' || TRACKING_VALUE.test(value), 'Not a traffic source'),
    z.null(),
  ])
  .transform((value) => (typeof value === 'string' ? (value ? { network: value } : null) : value));

export const passwordSchema = z
  .string({ error: validationMessage('validation.required') })
  .min(
    PASSWORD_MIN_LENGTH,
    validationMessage('validation.min_length', { min: PASSWORD_MIN_LENGTH }),
  )
  .max(1024, validationMessage('validation.max_length', { max: 1024 }));

export const nameSchema = z
  .string({ error: validationMessage('validation.required') })
  .trim()
  .min(1, validationMessage('validation.required'))
  .max(NAME_MAX_LENGTH, validationMessage('validation.max_length', { max: NAME_MAX_LENGTH }))
  .refine((name) => !name.startsWith('@'), 'signup.name_starts_with_at');

/** The name-is-not-the-e-mail rule as a zod check, for every schema holding both. */
const nameNotEmail = {
  check: (v: { name: string; email: string }) => !nameIsEmail(v.name, v.email),
  params: { message: NAME_EQUAL_TO_EMAIL, path: ['name'] },
};

/** Step 0 of the form: the fields a person types. */
export const accountFieldsSchema = z
  .object({ email: emailSchema, name: nameSchema, password: passwordSchema })
  .refine(nameNotEmail.check, nameNotEmail.params);

/** POST /api/user.php?new=1 (spec section 3 "Signup payload"). */
export const signupBodySchema = z
  .object({
    email: emailSchema,
    name: nameSchema,
    password: passwordSchema,
    trafficsource: trafficsourceSchema.default(null),
    timezone: z
      .string()
      .max(64)
      .regex(/^[A-Za-z]+(?:[/_+-][A-Za-z0-9]+)*$/)
      .nullable()
      .default(null),
    country: z.enum(COUNTRIES),
    language: z.enum(LOCALES),
    profile: idSchema.nullable().default(null),
    form_path: z.string().max(300).regex(/^\//).nullable().default(null),
    referrer: z.string().max(1000).nullable().default(null),
    csrf: z.string().regex(/^[0-9a-f]{128}$/),
    token: z.string().min(1).max(300),
    n: z.string().max(64).nullable().default(null),
  })
  .refine(nameNotEmail.check, nameNotEmail.params);
export type SignupBody = z.input<typeof signupBodySchema>;
