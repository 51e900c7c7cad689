import { z } from 'zod';
import { COUNTRIES, GENDERS } from '../constants.js';
import { isAdultDateOfBirth } from '../rules/age.js';
import {
  INTERESTS,
  MAX_INTERESTS,
  NOTE_MAX_LENGTH,
  PROFILE_FIELDS,
  PROFILE_NOTES,
} from '../rules/profile-fields.js';
import { nameSchema } from './signup.js';
import { validationMessage } from './validation-messages.js';

/** `PUT /api/user.php` with a location (signup step 3; whether the region belongs to the country is checked on the server). */
export const locationUpdateSchema = z
  .object({
    country: z.enum(COUNTRIES),
    countryregion: z.string().min(1).max(20),
    city: z.string().trim().min(1, validationMessage('validation.required')).max(100),
  })
  .strict();

/** The same while `settings.region_data` is off: a country and a city, no region. */
export const locationWithoutRegionSchema = locationUpdateSchema.omit({ countryregion: true });

/** The location a site with or without regions (`settings.region_data`) takes: form and server. */
export const locationSchemaFor = (regionData: boolean) =>
  regionData ? locationUpdateSchema : locationWithoutRegionSchema;

export const dateOfBirthSchema = z
  .string()
  .refine((value) => isAdultDateOfBirth(value), 'profile.date_of_birth_error');

const fieldsSchema = z
  .object(
    Object.fromEntries(
      Object.entries(PROFILE_FIELDS).map(([name, values]) => [
        name,
        // '' clears an answer given before.
        z.union([z.enum(values as readonly [string, ...string[]]), z.literal('')]).optional(),
      ]),
    ),
  )
  .strict();

const notesSchema = z
  .object(
    Object.fromEntries(
      PROFILE_NOTES.map((note) => [
        note,
        z
          .string()
          .max(
            NOTE_MAX_LENGTH,
            validationMessage('validation.max_length', { max: NOTE_MAX_LENGTH }),
          )
          .optional(),
      ]),
    ),
  )
  .strict();

/** The editable part of one's own profile; every key optional, unknown keys refused. */
export const profilePatchSchema = z
  .object({
    name: nameSchema.optional(),
    gender: z.enum(GENDERS).optional(),
    date_of_birth: dateOfBirthSchema.optional(),
    fields: fieldsSchema.optional(),
    notes: notesSchema.optional(),
    interests: z.array(z.enum(INTERESTS)).max(MAX_INTERESTS).optional(),
  })
  .strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** `PUT /api/user.php` with profile data (signup steps 4 and 5, the profile page). */
export const profileUpdateSchema = z
  .object({
    profile: profilePatchSchema,
    lastSignupStep: z.number().int().min(0).max(7).optional(),
  })
  .strict();

export const userUpdateSchema = z.union([
  locationUpdateSchema,
  locationWithoutRegionSchema,
  profileUpdateSchema,
]);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const pushSubscriptionBodySchema = z.object({
  subscription: z.object({
    endpoint: z.url({ protocol: /^https$/ }).max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(8).max(100) }),
  }),
});

export const geocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const geocodeResponseSchema = z.object({
  country: z.enum(COUNTRIES),
  countryregion: z.string(),
  city: z.string(),
});
