import { INTERESTS, PROFILE_FIELDS, PROFILE_NOTES } from '@amora/shared/rules/profile-fields';
import type { LikesResponse } from '@amora/shared/schemas/likes';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Settings } from '@amora/shared/schemas/site';
import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { useQueryClient } from '@tanstack/react-query';
import {
  Ban,
  ChevronLeft,
  Flag,
  Languages,
  MapPin,
  Pencil,
  Sparkles,
  UsersRound,
} from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { MemberCard } from '@/components/member-card';
import { MemberCardSkeleton } from '@/components/member-card-skeleton';
import { MemberPhoto } from '@/components/member-photo';
import { StartChatButton } from '@/features/chats/components/start-chat-button';
import { likeKeys } from '@/features/likes/api/get-likes';
import { likedIds } from '@/features/likes/api/toggle-like';
import { useLikes } from '@/features/likes/api/use-likes';
import { LikeButton } from '@/features/likes/components/like-button';
import { isMissingProfile, useProfile } from '@/features/profile/api/get-profile';
import { useSimilar } from '@/features/profile/api/get-similar';
import { useRevealPhoto } from '@/features/profile/api/reveal-photo';
import { useSafetyDialogs } from '@/features/safety/hooks/use-safety-dialogs';
import { displayName } from '@/lib/locale-format';
import { useRegions } from '@/lib/regions-query';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';
import { ErrorView } from '../errors/error-view';
import { MemberActions } from './member-actions';

const SIMILAR_SKELETONS = ['s1', 's2', 's3', 's4'];
const KNOWN_INTERESTS = new Set<string>(INTERESTS);
const KNOWN_NOTES = new Set<string>(PROFILE_NOTES);

/**
 * /members/:memberId (alias /likes/m/:memberId): a member's photos, details and notes,
 * the like and conversation buttons (or a way to sign up), and similar members.
 * Viewing is open to visitors; an unknown member gets the not-found view.
 */
export function Component() {
  const { t } = useTranslation();
  const { memberId } = useParams();
  const { pathname } = useLocation();
  const id = Number(memberId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const profile = useProfile(id, valid);
  const settings = useSettings();
  const missing = !valid || isMissingProfile(profile.error);
  const notFound = t('error_page.not_found', { path: pathname });
  useDocumentTitle(missing ? notFound : (profile.data?.name ?? t('routes.members-memberId.title')));
  useLikeSeen(profile.data?.id ?? null);

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

/**
 * Opening the profile of a member who liked the viewer makes that like seen: the server
 * does it on GET /api/profile.php, the cached likes (and the navigation count) follow here.
 */
function useLikeSeen(profileId: number | null) {
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  const likes = useLikes(isLoggedIn);
  useEffect(() => {
    if (!isLoggedIn || profileId === null) return;
    if (!likes.data?.liked_by.some((entry) => entry.id === profileId && entry.like_new)) return;
    queryClient.setQueryData<LikesResponse>(likeKeys.list(), (current) =>
      current
        ? {
            ...current,
            liked_by: current.liked_by.map((entry) =>
              entry.id === profileId ? { ...entry, like_new: false } : entry,
            ),
          }
        : current,
    );
  }, [isLoggedIn, profileId, likes.data, queryClient]);
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
              <OwnProfileNote />
            ) : isLoggedIn ? (
              <>
                <ProfileActions profile={profile} liked={liked.has(profile.id)} />
                <div className="d-flex flex-wrap gap-3 mt-2">
                  <button
                    type="button"
                    className="btn btn-link btn-sm px-0 text-body-secondary d-inline-flex align-items-center gap-1"
                    onClick={() => safety.askReport()}
                  >
                    <Flag size={16} aria-hidden="true" />
                    {t('safety.report_member', { name: profile.name })}
                  </button>
                  <button
                    type="button"
                    className="btn btn-link btn-sm px-0 text-body-secondary d-inline-flex align-items-center gap-1"
                    onClick={safety.askBlock}
                  >
                    <Ban size={16} aria-hidden="true" />
                    {t('safety.block_member', { name: profile.name })}
                  </button>
                </div>
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
        liked={liked}
        isLoggedIn={isLoggedIn}
      />
    </div>
  );
}

/**
 * The main photo large (4:5), thumbnails below that switch it; arrow keys move along them.
 * With `onReport`, the photo shown can be reported.
 */
function PhotoGallery({
  profile,
  cdnPrefix,
  canReveal,
  onReport,
}: {
  profile: PublicProfile;
  cdnPrefix: string;
  /** Members may show a blurred (flagged) photo as uploaded; visitors may not. */
  canReveal: boolean;
  onReport?: (image: number) => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const reveal = useRevealPhoto();
  const [revealed, setRevealed] = useState<
    Record<number, { filename: string; thumb_filename: string }>
  >({});
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const main = profile.main_image;
  // The main photo opens the gallery, the others follow in the member's order.
  const images = main
    ? [main, ...profile.images.filter((image) => image.id !== main.id)]
    : profile.images;
  const count = images.length;
  const shown = images[Math.min(index, count - 1)];
  const current =
    shown && (revealed[shown.id] ? { ...shown, ...revealed[shown.id], blurred: false } : shown);

  if (!current) {
    return (
      <div className="rounded-4 overflow-hidden">
        <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size="full" />
      </div>
    );
  }

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const target = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + count) % count;
    setIndex(next);
    thumbs.current[next]?.focus();
  };

  return (
    <section aria-label={t('member.photos_of', { name: profile.name })}>
      <figure className="member-photo rounded-4 position-relative mb-2">
        <img
          src={`${cdnPrefix}${current.filename}`}
          alt={t('member.photo_alt', { name: profile.name, n: index + 1, count })}
          loading="lazy"
          decoding="async"
        />
        {count > 1 && (
          <figcaption
            className="badge rounded-pill text-bg-dark bg-opacity-75 position-absolute bottom-0 end-0 m-2"
            aria-live="polite"
          >
            {t('member.photo_n_of_count', { n: index + 1, count })}
          </figcaption>
        )}
        {current.blurred && (
          <div className="photo-blur-notice">
            <p className="mb-2">{t('member.photo_blurred')}</p>
            {canReveal ? (
              <button
                type="button"
                className="btn btn-light btn-sm"
                disabled={reveal.isPending}
                onClick={() =>
                  reveal.mutate(current.id, {
                    onSuccess: (image) => setRevealed((was) => ({ ...was, [image.id]: image })),
                  })
                }
              >
                {t('member.photo_reveal')}
              </button>
            ) : (
              <p className="small mb-0">{t('member.photo_reveal_members')}</p>
            )}
            {reveal.error && <p className="small mb-0 mt-2">{t('member.photo_reveal_failed')}</p>}
          </div>
        )}
        {onReport && (
          <button
            type="button"
            className="btn btn-sm btn-dark bg-opacity-75 position-absolute top-0 end-0 m-2 d-inline-flex align-items-center gap-1 report-photo"
            onClick={() => onReport(current.id)}
          >
            <Flag size={14} aria-hidden="true" />
            {t('safety.report_photo')}
          </button>
        )}
      </figure>
      {count > 1 && (
        <ul
          className="list-unstyled d-flex flex-wrap gap-2 mb-0"
          aria-label={t('member.choose_photo')}
        >
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                ref={(node) => {
                  thumbs.current[i] = node;
                }}
                type="button"
                className={`btn p-0 rounded-3 overflow-hidden ${
                  i === index ? 'border border-3 border-primary' : 'border-0 opacity-75'
                }`}
                style={{ width: '4.5rem' }}
                aria-label={t('member.photo_n_of_count', { n: i + 1, count })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                onKeyDown={move}
              >
                <span className="member-photo d-block">
                  <img
                    src={`${cdnPrefix}${image.thumb_filename}`}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Name and age, the fictional mark, where they live and the language they speak. */
function ProfileHeader({ profile, settings }: { profile: PublicProfile; settings: Settings }) {
  const { t } = useTranslation();
  const regions = useRegions().data;
  const region = profile.country
    ? regions?.[profile.country]?.find((r) => r.id === profile.countryregion)?.name
    : undefined;
  const place = [
    ...new Set(
      [
        CLASSIC_TEMPLATE.memberDetails.showCity ? profile.city : null,
        region,
        displayName('region', profile.country),
      ].filter((part): part is string => Boolean(part)),
    ),
  ].join(', ');
  const language = displayName('language', profile.language);
  return (
    <header>
      <h1 id="profile-name" className="mb-1" style={{ fontSize: 'clamp(1.75rem, 5vw, 2.5rem)' }}>
        {profile.name}
        {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
      </h1>
      {profile.fictional && settings.fictional_icon && (
        <span className="badge rounded-pill bg-primary-subtle text-primary-emphasis d-inline-flex align-items-center gap-1 mb-2">
          <Sparkles size={14} aria-hidden="true" />
          {t('common.fictional_profile')}
        </span>
      )}
      <ul className="list-unstyled text-body-secondary mb-0">
        {profile.gender && <li>{t(`profile.gender_${profile.gender}`)}</li>}
        {place && (
          <li className="d-flex align-items-center gap-2">
            <MapPin size={16} aria-hidden="true" />
            {place}
          </li>
        )}
        {language && (
          <li className="d-flex align-items-center gap-2">
            <Languages size={16} aria-hidden="true" />
            {t('search.speaks', { language })}
          </li>
        )}
      </ul>
    </header>
  );
}

/** Like (a toggle, immediate) and start a conversation, for a logged-in viewer. */
function ProfileActions({ profile, liked }: { profile: PublicProfile; liked: boolean }) {
  return (
    <div className="d-flex flex-wrap gap-2 profile-actions">
      <LikeButton profile={profile} liked={liked} size="lg" />
      {CLASSIC_TEMPLATE.profileSearchProfile.showStartConversationButton && (
        <StartChatButton profile={profile} size="lg" />
      )}
    </div>
  );
}

/** Visitors may look around; getting in touch starts with a free account. */
function VisitorCallToAction({ name }: { name: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="card border-0 bg-primary-subtle">
      <div className="card-body">
        <h2 className="h5">{t('member.visitor_title', { name })}</h2>
        <p className="mb-3">{t('member.visitor_text', { name })}</p>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/signup" className="btn btn-primary flex-fill flex-sm-grow-0">
            {t('member.visitor_signup')}
          </Link>
          <Link
            to={`/login?redirect=${encodeURIComponent(pathname)}`}
            className="btn btn-outline-secondary flex-fill flex-sm-grow-0"
          >
            {t('member.visitor_login')}
          </Link>
        </div>
      </div>
    </div>
  );
}

function OwnProfileNote() {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <span className="text-body-secondary">{t('member.own_profile')}</span>
      <Link
        to="/profile"
        className="btn btn-outline-primary d-inline-flex align-items-center gap-2"
      >
        <Pencil size={18} aria-hidden="true" />
        {t('member.edit_profile')}
      </Link>
    </div>
  );
}

/** Notes (settings.visible_profile_notes), details (visible_profile_fields) and interests. */
function ProfileDetails({ profile, settings }: { profile: PublicProfile; settings: Settings }) {
  const { t } = useTranslation();
  const notes = settings.visible_profile_notes.flatMap((key) => {
    const text = KNOWN_NOTES.has(key) ? profile.notes[key]?.trim() : undefined;
    return text ? [{ key, text }] : [];
  });
  const details = settings.visible_profile_fields.flatMap((field) => {
    const value = profile.fields[field];
    const allowed: readonly string[] | undefined =
      PROFILE_FIELDS[field as keyof typeof PROFILE_FIELDS];
    if (!value || !allowed?.includes(value)) return [];
    return [
      {
        field,
        label: t(`profile_fields.${field}.label`),
        value: t(`profile_fields.${field}.values.${value}`),
      },
    ];
  });
  const interests = profile.interests.filter((id) => KNOWN_INTERESTS.has(id));

  if (notes.length === 0 && details.length === 0 && interests.length === 0) {
    return <p className="text-body-secondary">{t('member.nothing_yet', { name: profile.name })}</p>;
  }
  return (
    <>
      {notes.map(({ key, text }) => (
        <section className="card mb-3" key={key} aria-labelledby={`note-${key}`}>
          <div className="card-body">
            <h2 className="h5" id={`note-${key}`}>
              {t(`member.notes.${key}`)}
            </h2>
            <p className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
              {text}
            </p>
          </div>
        </section>
      ))}
      {details.length > 0 && (
        <section className="card mb-3" aria-labelledby="profile-details">
          <div className="card-body">
            <h2 className="h5" id="profile-details">
              {t('member.details')}
            </h2>
            <dl className="row mb-0">
              {details.map(({ field, label, value }) => (
                <div className="col-sm-6 mb-2" key={field}>
                  <dt className="small fw-normal text-body-secondary">{label}</dt>
                  <dd className="mb-0">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      )}
      {interests.length > 0 && (
        <section className="card mb-3" aria-labelledby="profile-interests">
          <div className="card-body">
            <h2 className="h5" id="profile-interests">
              {t('member.interests')}
            </h2>
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
              {interests.map((id) => (
                <li key={id} className="badge rounded-pill text-bg-light border fw-normal fs-6">
                  {t(`interests.${id}`)}
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}

/** Up to 8 members like this one; a failed load only logs (spec section 8). */
function SimilarMembers({
  profile,
  cdnPrefix,
  liked,
  isLoggedIn,
}: {
  profile: PublicProfile;
  cdnPrefix: string;
  liked: Set<number>;
  isLoggedIn: boolean;
}) {
  const { t } = useTranslation();
  const similar = useSimilar(profile.id);
  useEffect(() => {
    if (similar.error) console.warn('Similar profiles failed to load', similar.error);
  }, [similar.error]);
  if (similar.isError) return null;
  return (
    <section className="mt-5" aria-labelledby="similar-heading" aria-busy={similar.isPending}>
      <h2 className="h4 mb-3" id="similar-heading">
        {t('member.similar')}
      </h2>
      {similar.isPending && (
        <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3">
          {SIMILAR_SKELETONS.map((key) => (
            <div className="col" key={key}>
              <MemberCardSkeleton />
            </div>
          ))}
        </div>
      )}
      {similar.data?.length === 0 && (
        <EmptyState
          icon={<UsersRound />}
          title={t('member.similar_empty_title')}
          text={
            isLoggedIn ? t('member.similar_empty_text') : t('member.similar_empty_text_visitor')
          }
          action={
            isLoggedIn ? (
              <Link to="/members" className="btn btn-primary">
                {t('member.browse_members')}
              </Link>
            ) : (
              <Link to="/signup" className="btn btn-primary">
                {t('member.visitor_signup')}
              </Link>
            )
          }
        />
      )}
      {similar.data && similar.data.length > 0 && (
        <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3">
          {similar.data.map((member) => (
            <div className="col" key={member.id}>
              <MemberCard
                profile={member}
                cdnPrefix={cdnPrefix}
                showCity={CLASSIC_TEMPLATE.memberDetails.showCity}
                actions={
                  isLoggedIn && <MemberActions profile={member} liked={liked.has(member.id)} />
                }
              />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** The page's shape while the profile loads. */
function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="py-3" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div className="row g-4" aria-hidden="true">
        <div className="col-md-5">
          <div className="member-photo rounded-4 placeholder-glow">
            <span className="placeholder w-100 h-100" />
          </div>
        </div>
        <div className="col-md-7 placeholder-glow">
          <span className="placeholder placeholder-lg col-7 rounded mb-3" />
          <span className="placeholder col-5 rounded d-block mb-2" />
          <span className="placeholder col-4 rounded d-block mb-4" />
          <span className="placeholder col-12 rounded d-block mb-2" style={{ height: '8rem' }} />
          <span className="placeholder col-12 rounded d-block" style={{ height: '6rem' }} />
        </div>
      </div>
    </div>
  );
}
