import type { ChatProfile } from '@amora/shared/schemas/chat';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberPhoto } from '@/components/member-photo';
import { VerifiedBadge } from '@/components/verified-badge';

/**
 * The conversation's header (template toggle chat.showTopBar): back to the chats, and who
 * this is (with the verified mark), linking to their profile; a deleted member is named so, without a link. `actions`
 * go at the end (the screen's menu).
 */
export function ChatTopBar({
  profile,
  cdnPrefix,
  actions,
}: {
  profile: ChatProfile;
  cdnPrefix: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const details = [profile.age, profile.city].filter(Boolean).join(' · ');
  const who = (
    <>
      <span className="chat-avatar chat-avatar-sm">
        <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size="thumb" />
      </span>
      <span className="d-flex flex-column min-w-0">
        <span className="d-flex align-items-center min-w-0">
          <span className={`chat-top-name${profile.deleted ? ' fst-italic' : ''}`}>
            {profile.deleted ? t('chat.deleted_member') : profile.name}
          </span>
          {profile.verified && <VerifiedBadge />}
        </span>
        {!profile.deleted && details && (
          <span className="small text-body-secondary text-truncate">{details}</span>
        )}
      </span>
    </>
  );
  return (
    <header className="chat-top-bar">
      <Link to="/chats" className="btn btn-link chat-back" aria-label={t('chat.back_to_chats')}>
        <ChevronLeft size={24} aria-hidden="true" />
      </Link>
      <h1 className="chat-top-title">
        {profile.deleted ? (
          <span className="chat-top-who">{who}</span>
        ) : (
          <Link
            to={`/members/${profile.id}`}
            className="chat-top-who"
            title={t('chat.view_profile', { name: profile.name })}
          >
            {who}
          </Link>
        )}
      </h1>
      {actions}
    </header>
  );
}
