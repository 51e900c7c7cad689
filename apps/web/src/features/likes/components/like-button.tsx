import type { PublicProfile } from '@amora/shared/schemas/profile';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useToggleLike } from '../api/toggle-like';

interface Props {
  profile: PublicProfile;
  liked: boolean;
  /**
   * `sm`: the icon of a member card, named after the member since many sit side by side;
   * `lg`: the profile's button, whose visible label says whether the member is liked.
   */
  size?: 'sm' | 'lg';
}

/** Like or unlike a member at once (a toggle; the list rolls back when the server fails). */
export function LikeButton({ profile, liked, size = 'sm' }: Props) {
  const { t } = useTranslation();
  const toggleLike = useToggleLike();
  const tone = liked ? 'btn-primary' : 'btn-outline-primary';
  const heart = (
    <Heart
      size={size === 'sm' ? 18 : 20}
      aria-hidden="true"
      fill={liked ? 'currentColor' : 'none'}
    />
  );
  const toggle = () => toggleLike.mutate({ profile, like: !liked });

  if (size === 'lg') {
    return (
      <button
        type="button"
        className={`btn ${tone} like-button flex-fill flex-sm-grow-0 d-inline-flex align-items-center justify-content-center gap-2`}
        aria-pressed={liked}
        onClick={toggle}
      >
        {heart}
        {liked ? t('member.liked') : t('member.like')}
      </button>
    );
  }
  const name = liked
    ? t('search.unlike', { name: profile.name })
    : t('search.like', { name: profile.name });
  return (
    <button
      type="button"
      className={`btn btn-sm flex-fill ${tone} like-button`}
      aria-pressed={liked}
      aria-label={name}
      title={name}
      onClick={toggle}
    >
      {heart}
    </button>
  );
}
