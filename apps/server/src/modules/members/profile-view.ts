import type { Country } from '@amora/shared/constants';
import { ageOn } from '@amora/shared/rules/age';
import type { ChatProfile } from '@amora/shared/schemas/chat';
import { privateMediaLink } from '@amora/shared/schemas/images';
import type { Image, OwnProfile, PublicProfile } from '@amora/shared/schemas/profile';
import type { ImageRow } from '../../db/schema.js';
import type { ProfileRecord } from './profile.repository.js';

/** A photo as uploaded; a private original (decision 059) comes with the app's links to it. */
export const toImage = (row: ImageRow): Image => ({
  id: row.id,
  filename: row.filename,
  thumb_filename: row.thumb_filename,
  ...(row.original_private && {
    url: privateMediaLink('flagged_original', row.id),
    thumb_url: privateMediaLink('flagged_original', row.id, 'thumb'),
  }),
});

/** A flagged photo as those who did not choose to see it get it: its blurred copy. */
export const toBlurredImage = (row: ImageRow): Image | null =>
  row.blurred_filename && row.blurred_thumb_filename
    ? {
        id: row.id,
        filename: row.blurred_filename,
        thumb_filename: row.blurred_thumb_filename,
        blurred: true,
      }
    : null;

/**
 * The photos others may see (issue 18, docs/decisions/034): never one not screened yet; a
 * flagged one as its blurred copy unless the viewer chose to see flagged photos, and not at
 * all with `hideFlagged` (a `hideNudity` search).
 */
export function photosForOthers(
  images: readonly ImageRow[],
  viewerSeesFlagged: boolean,
  hideFlagged: boolean,
): Image[] {
  return images.flatMap((row): Image[] => {
    if (row.screening === 'pending') return [];
    if (row.screening !== 'flagged') return [toImage(row)];
    if (hideFlagged) return [];
    if (viewerSeesFlagged) return [toImage(row)];
    const copy = toBlurredImage(row);
    return copy ? [copy] : [];
  });
}

/** A member as any other member sees them: age only, never the date of birth. */
/** What the settings let others see of a profile (spec section 3). */
export interface ProfileVisibility {
  visible_profile_notes: readonly string[];
  visible_profile_fields: readonly string[];
}

export function toPublicProfile(
  { profile, fictional, verified, images: rows, viewerSeesFlagged }: ProfileRecord,
  visible: ProfileVisibility,
  today: Date = new Date(),
  { hideFlagged = false }: { hideFlagged?: boolean } = {},
): PublicProfile {
  const images = photosForOthers(rows, viewerSeesFlagged, hideFlagged);
  // A main photo others may not see gives way to the next one they may.
  const main = images.find((i) => i.id === profile.main_image_id) ?? images[0] ?? null;
  const notes = Object.fromEntries(
    Object.entries(profile.notes).filter(
      ([key, text]) => visible.visible_profile_notes.includes(key) && text,
    ),
  );
  // The settings decide which fields others see; the rest stays with the member.
  const fields = Object.fromEntries(
    Object.entries(profile.fields).filter(([key]) => visible.visible_profile_fields.includes(key)),
  );
  return {
    id: profile.member_id,
    name: profile.name,
    age: profile.date_of_birth ? ageOn(profile.date_of_birth, today) : null,
    gender: profile.gender,
    country: profile.country as Country | null,
    countryregion: profile.countryregion,
    city: profile.city,
    language: profile.language,
    main_image: main,
    images,
    notes,
    fields,
    interests: profile.interests,
    fictional,
    verified,
  };
}

/**
 * The logged-in member's own profile: every note, the date of birth, and every photo as
 * uploaded, marked while it is being checked or when others see it blurred.
 */
export function toOwnProfile(record: ProfileRecord, today: Date = new Date()): OwnProfile {
  const images = record.images.map((row) => ({
    ...toImage(row),
    ...(row.screening === 'pending' && { checking: true }),
    ...(row.screening === 'flagged' && { flagged: true }),
  }));
  const main = images.find((i) => i.id === record.profile.main_image_id) ?? images[0] ?? null;
  return {
    // Their own notes and fields, all of them: the settings limit what others see.
    ...toPublicProfile(
      record,
      {
        visible_profile_notes: Object.keys(record.profile.notes),
        visible_profile_fields: Object.keys(record.profile.fields),
      },
      today,
    ),
    main_image: main,
    images,
    date_of_birth: record.profile.date_of_birth,
  };
}

/**
 * The other side of a conversation as the chats list shows it: the public profile, or,
 * for a member others may no longer see (deleted or blocked), only the id marked deleted,
 * so nothing they shared is kept on show (docs/decisions/013).
 */
export function toChatProfile(
  memberId: number,
  record: ProfileRecord | undefined,
  visible: ProfileVisibility,
  today: Date = new Date(),
): ChatProfile {
  if (record) return { ...toPublicProfile(record, visible, today), deleted: false };
  return {
    id: memberId,
    name: '',
    age: null,
    gender: null,
    country: null,
    countryregion: null,
    city: null,
    language: '',
    main_image: null,
    images: [],
    notes: {},
    fields: {},
    interests: [],
    fictional: false,
    verified: false,
    deleted: true,
  };
}
