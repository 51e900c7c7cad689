import type { PublicProfile } from '@amora/shared/schemas/profile';

/**
 * A member's photo in a 4:5 frame, lazy-loaded on a placeholder colour, or a tasteful
 * initial-letter avatar when they have none (UI.md "Photos").
 */
export function MemberPhoto({
  profile,
  cdnPrefix,
  size,
}: {
  profile: Pick<PublicProfile, 'name' | 'main_image'>;
  cdnPrefix: string;
  size: 'thumb' | 'full';
}) {
  const image = profile.main_image;
  if (!image) {
    return (
      <div className="member-photo member-photo-empty" aria-hidden="true">
        <span>{profile.name.charAt(0).toUpperCase()}</span>
      </div>
    );
  }
  const file = size === 'thumb' ? image.thumb_filename : image.filename;
  return (
    <div className="member-photo">
      <img src={`${cdnPrefix}${file}`} alt="" loading="lazy" decoding="async" />
    </div>
  );
}
