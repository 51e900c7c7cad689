import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Settings } from '@amora/shared/schemas/site';
import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch, useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { StartChatButton } from '@/features/chats/components/start-chat-button';
import { likedIds } from '@/features/likes/api/toggle-like';
import { useLikes } from '@/features/likes/api/use-likes';
import { LikeButton } from '@/features/likes/components/like-button';
import { useLikeSeen } from '@/features/likes/hooks/use-like-seen';
import { isMissingProfile, useProfile } from '@/features/profile/api/get-profile';
import { OwnProfileNote } from '@/features/profile/components/own-profile-note';
import { PhotoGallery } from '@/features/profile/components/photo-gallery';
import { ProfileDetails } from '@/features/profile/components/profile-details';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { ProfileSkeleton } from '@/features/profile/components/profile-skeleton';
import { SimilarMembers } from '@/features/profile/components/similar-members';
import { VisitorCallToAction } from '@/features/profile/components/visitor-call-to-action';
import { MemberSafetyLinks } from '@/features/safety/components/member-safety-links';
import { useSafetyDialogs } from '@/features/safety/hooks/use-safety-dialogs';
import { VerificationPrompt } from '@/features/verification/components/verification-prompt';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';
import { ErrorView } from '../errors/error-view';
import { MemberActions } from './member-actions';

/**
 * /members/:memberId (alias /likes/m/:memberId): a member's photos, details and notes,
 * the like and conversation buttons (or a way to sign up), and similar members.
 * Viewing is open to visitors; an unknown member gets the not-found view.
 */
export function Component() {
  const { t } = useTranslation();
  const { memberId } = useParams();
  const { pathname } = useLocation();
  const { isLoggedIn } = useSession();
  const id = Number(memberId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const profile = useProfile(id, valid);
  const settings = useSettings();
  const missing = !valid || isMissingProfile(profile.error);
  const notFound = t('error_page.not_found', { path: pathname });
  useDocumentTitle(missing ? notFound : (profile.data?.name ?? t('routes.members-memberId.title')));
  useLikeSeen(profile.data?.id ?? null, isLoggedIn);

  if (missing) {
    return <ErrorView status={404} message={notFound} detail={t('error_page.not_found_text')} />;
  }
  // A failed background refresh keeps showing what was loaded.
  if (profile.data && settings.data) {
    return <ProfileView key={profile.data.id} profile={profile.data} settings={settings.data} />;
  }
  if (profile.isError || settings.isError) {
    return (
      <LoadError
        className="my-4"
        error={profile.error ?? settings.error}
        what={t('member.load_failed')}
        onRetry={() => {
          void profile.refetch();
          void settings.refetch();
        }}
      />
    );
  }
  return <ProfileSkeleton />;
}

function ProfileView({ profile, settings }: { profile: PublicProfile; settings: Settings }) {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useSession();
  const likes = useLikes(isLoggedIn);
  const liked = likedIds(likes.data);
  const onLikesRoute = useMatch('/likes/m/:memberId') !== null;
  const own = user?.profile.id === profile.id;
  const navigate = useNavigate();
  // A blocked member's profile is gone for the viewer: back to where they came from.
  const safety = useSafetyDialogs(profile, () =>
    navigate(onLikesRoute ? '/likes' : '/members', { replace: true }),
  );
  const mayReport = isLoggedIn && !own;

  return (
    <div className="py-3">
      {isLoggedIn && (
        <Link
          to={onLikesRoute ? '/likes' : '/members'}
          className="btn btn-link px-0 mb-2 d-inline-flex align-items-center gap-1"
        >
          <ChevronLeft size={18} aria-hidden="true" />
          {onLikesRoute ? t('member.back_to_likes') : t('member.back_to_search')}
        </Link>
      )}
      <article className="row g-4" aria-labelledby="profile-name">
        <div className="col-md-5">
          <PhotoGallery
            profile={profile}
            cdnPrefix={settings.cdn_prefix}
            canReveal={isLoggedIn}
            {...(mayReport && {
              onReport: (image: number) =>
                safety.askReport({ image, reason: 'inappropriate_photo' }),
            })}
          />
        </div>
        <div className="col-md-7">
          <ProfileHeader profile={profile} settings={settings} />
          <div className="my-4">
            {own ? (
              <>
                <OwnProfileNote />
                <VerificationPrompt />
              </>
            ) : isLoggedIn ? (
              <>
                <div className="d-flex flex-wrap gap-2 profile-actions">
                  <LikeButton profile={profile} liked={liked.has(profile.id)} size="lg" />
                  {CLASSIC_TEMPLATE.profileSearchProfile.showStartConversationButton && (
                    <StartChatButton profile={profile} size="lg" />
                  )}
                </div>
                <MemberSafetyLinks
                  name={profile.name}
                  onReport={() => safety.askReport()}
                  onBlock={safety.askBlock}
                />
                {safety.dialogs}
              </>
            ) : (
              <VisitorCallToAction name={profile.name} />
            )}
          </div>
          <ProfileDetails profile={profile} settings={settings} />
        </div>
      </article>
      <SimilarMembers
        profile={profile}
        cdnPrefix={settings.cdn_prefix}
        isLoggedIn={isLoggedIn}
        {...(isLoggedIn && {
          actions: (member: PublicProfile) => (
            <MemberActions profile={member} liked={liked.has(member.id)} />
          ),
        })}
      />
    </div>
  );
}
