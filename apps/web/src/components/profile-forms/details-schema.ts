import { GENDERS } from '@amora/shared/constants';
import { NAME_EQUAL_TO_EMAIL, nameIsEmail } from '@amora/shared/rules/member-name';
import { nameSchema } from '@amora/shared/schemas/signup';
import { dateOfBirthSchema, profilePatchSchema } from '@amora/shared/schemas/user-update';
import { validationMessage } from '@amora/shared/schemas/validation-messages';
import { z } from 'zod';
import { isoDateOf } from '../profile-inputs/date-parts';

/**
 * The details form's rules, from the shared profile schema as the form holds the values:
 * the date as three selects, and a name (asked when `email` is given) that is not the
 * member's e-mail address.
 */
export function detailsSchema(email: string | undefined) {
  return z.object({
    // On the field itself, so a name equal to the address shows with the other mistakes.
    name: nameSchema
      .refine((name) => email === undefined || !nameIsEmail(name, email), NAME_EQUAL_TO_EMAIL)
      .optional(),
    gender: z.string().pipe(z.enum(GENDERS, { error: validationMessage('validation.required') })),
    date_of_birth: z
      .object({ day: z.string(), month: z.string(), year: z.string() })
      .transform(isoDateOf)
      .pipe(dateOfBirthSchema),
    // '' clears an answer given before, so every field ever answered is sent.
    fields: profilePatchSchema.shape.fields.unwrap(),
  });
}
export type DetailsInput = z.input<ReturnType<typeof detailsSchema>>;
export type DetailsOutput = z.output<ReturnType<typeof detailsSchema>>;
