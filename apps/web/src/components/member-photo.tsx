import type { PublicProfile } from '@amora/shared/schemas/profile';
import { UserX } from 'lucide-react';
import { photoSrc } from '@/lib/photo-src';

/**
 * A member's photo in a 4:5 frame, lazy-loaded (but for a page's first) on a placeholder colour, or a tasteful
 * initial-letter avatar when they have none (UI.md "Photos"). A deleted member (a chat's
 * other side after they left) has neither name nor photo: a quiet "no longer here" mark.
 */
export function MemberPhoto({
  profile,
  cdnPrefix,
  size,
  first = false,
}: {
  profile: Pick<PublicProfile, 'name' | 'main_image'> & { deleted?: boolean };
  cdnPrefix: string;
  size: 'thumb' | 'full';
  /** The picture a page opens with (a lander's first face): fetched at once and first. */
  first?: boolean;
}) {
  if (profile.deleted) {
    return (
      <div className="member-photo member-photo-empty member-photo-deleted" aria-hidden="true">
        <UserX strokeWidth={1.5} />
      </div>
    );
  }
  const image = profile.main_image;
  if (!image) {
    return (
      <div className="member-photo member-photo-empty" aria-hidden="true">
        <span>{profile.name.charAt(0).toUpperCase()}</span>
      </div>
    );
  }
  return (
    <div className="member-photo">
      <img
        src={photoSrc(image, size, cdnPrefix)}
        alt=""
        loading={first ? 'eager' : 'lazy'}
        decoding="async"
        {...(first && { fetchPriority: 'high' as const })}
      />
    </div>
  );
}
