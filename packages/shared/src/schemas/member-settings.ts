import { z } from 'zod';

/**
 * `PUT /api/user.php` with the member's own choices (issue 18): `show_flagged_photos` shows
 * photos the screening flagged without the blur. Its own module, so the signup form's
 * schemas stay as small as they are on the first page.
 */
export const settingsUpdateSchema = z
  .object({ settings: z.object({ show_flagged_photos: z.boolean() }).strict() })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
