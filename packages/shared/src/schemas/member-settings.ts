import { z } from 'zod';

/**
 * The member's own choices (`user.settings`): `show_flagged_photos` shows photos the
 * screening flagged without the blur (issue 18); `verified_contact_only` lets only verified
 * members start a conversation or write to them (issue 48). Its own module, so the signup
 * form's schemas stay as small as they are on the first page.
 */
export const memberSettingsSchema = z.object({
  show_flagged_photos: z.boolean(),
  verified_contact_only: z.boolean(),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

/** `PUT /api/user.php { settings }`: the choices to change (at least one; the rest stay). */
export const settingsUpdateSchema = z
  .object({
    settings: memberSettingsSchema
      .partial()
      .strict()
      .refine((settings) => Object.keys(settings).length > 0, {
        message: 'Name at least one setting',
      }),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
