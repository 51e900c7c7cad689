import type { PublicProfile } from '@amora/shared/schemas/profile';
import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StartChatButton } from '@/features/chats/components/start-chat-button';
import { LikeButton } from '@/features/likes/components/like-button';
import { MemberSafetyMenu } from '@/features/safety/components/member-safety-menu';

interface Props {
  profile: PublicProfile;
  liked: boolean;
  /** On the likes route the conversation and view buttons are hidden (spec section 2). */
  onLikesRoute?: boolean;
}

/**
 * Like/unlike, start a conversation, view the profile, and the "⋯" menu to block or report:
 * the buttons of a member card (a blocked member leaves the list it is in).
 */
export function MemberActions({ profile, liked, onLikesRoute = false }: Props) {
  const { t } = useTranslation();
  const showChat =
    !onLikesRoute && CLASSIC_TEMPLATE.profileSearchProfile.showStartConversationButton;
  return (
    <div className="d-flex gap-1">
      <LikeButton profile={profile} liked={liked} />
      {showChat && <StartChatButton profile={profile} />}
      {!onLikesRoute && (
        <Link
          to={`/members/${profile.id}`}
          className="btn btn-sm btn-outline-secondary flex-fill"
          aria-label={t('search.view_profile_of', { name: profile.name })}
          title={t('search.view_profile_of', { name: profile.name })}
        >
          <Eye size={18} aria-hidden="true" />
        </Link>
      )}
      <MemberSafetyMenu profile={profile} direction="up" />
    </div>
  );
}
