import type { LANDER_KINDS } from '@amora/shared/routes';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FeatureHighlights } from '@/components/feature-highlights';
import { MemberCard } from '@/components/member-card';
import { MemberCardSkeleton } from '@/components/member-card-skeleton';
import { MemberPhoto } from '@/components/member-photo';
import { Wordmark } from '@/components/wordmark';
import {
  loadVisitorMembers,
  visitorMembersQueryOptions,
} from '@/features/search/api/visitor-members';
import { SignupCard } from '@/features/signup/components/signup-card';
import { SiteEntryWarning } from '@/features/signup/components/site-entry-warning';
import { useSettings, useSiteName } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { userKeys } from '@/lib/user-query';
import { useCurrentRoute } from '../../layouts/current-route';
import type { ScreenLoader } from '../../screen-loader';
import { useArrivedLoggedIn } from '../../session/use-arrived-logged-in';

type Kind = (typeof LANDER_KINDS)[number];
type Visual = 'grid' | 'collage' | 'slideshow' | 'icons' | 'feed';

/** How each campaign shows the members beside the signup form (its look is ours to pick). */
const VISUAL: Record<Kind, Visual> = {
  video: 'slideshow',
  transitionsvideolanding: 'slideshow',
  gallery: 'grid',
  maplanding: 'grid',
  alonetonight: 'grid',
  collagelanding: 'collage',
  iconslanding: 'icons',
  socialnetwork: 'feed',
};

const PROMISES = ['free', 'private', 'leave'] as const;

/** A visitor's lander comes with the members it shows; a member goes on to search. */
export const loader: ScreenLoader = async (queryClient) => {
  if (queryClient.getQueryData(userKeys.all)) return;
  await loadVisitorMembers(queryClient, 'lander');
};
const SKELETON_KEYS = ['s1', 's2', 's3', 's4'];

/**
 * `/landers/{kind}/{slug}`: a campaign page for visitors, with members of their country
 * (when logged-out search is open) and the signup form. The slug names the campaign for
 * the partner's link; tracking comes from the link's query parameters, as on every page.
 */
export function Component() {
  const { t } = useTranslation();
  const arrivedLoggedIn = useArrivedLoggedIn();
  const settings = useSettings().data;
  const siteName = useSiteName();
  const kind = (useCurrentRoute()?.name.replace(/^landers-/, '') ?? 'gallery') as Kind;
  const visual = VISUAL[kind];
  const title = t(`routes.landers-${kind}.title`);
  useDocumentTitle(title);
  const search = useInfiniteQuery(visitorMembersQueryOptions(settings, 'lander'));
  const profiles = search.data?.pages[0]?.profiles.filter((p) => p.main_image) ?? [];

  if (arrivedLoggedIn) return <Navigate to="/members" replace />;
  const dark = kind === 'alonetonight';
  return (
    // The night campaign in the dark colour mode: every part keeps its contrast there.
    <div {...(dark && { className: 'lander-night', 'data-bs-theme': 'dark' })}>
      <SiteEntryWarning />
      {kind === 'transitionsvideolanding' && (
        <header className="container py-3">
          <Wordmark name={siteName} />
        </header>
      )}
      <section className="container row align-items-center g-4 py-4 mx-auto">
        <div className="col-lg-7">
          <h1 className="display-5">{title}</h1>
          <p className="lead my-3">{t(`routes.landers-${kind}.text`)}</p>
          <ul className="list-unstyled d-grid gap-2 mb-4">
            {PROMISES.map((key) => (
              <li key={key} className="d-flex gap-2 align-items-center">
                <Check size={20} aria-hidden="true" className="text-success flex-shrink-0" />
                {t(`landers.promise_${key}`)}
              </li>
            ))}
          </ul>
          <a href="#signup" className="btn btn-primary btn-lg d-lg-none mb-4">
            {t('home.cta_signup')}
          </a>
          {settings && (
            <LanderVisual
              visual={visual}
              profiles={profiles}
              loading={search.isPending && search.fetchStatus !== 'idle'}
              cdnPrefix={settings.cdn_prefix}
            />
          )}
        </div>
        <div className="col-lg-5" id="signup">
          <SignupCard />
        </div>
      </section>
    </div>
  );
}

/** How long after the app has taken the page over the slideshow's other faces join. */
const LATER_FACES_MS = 1000;

/**
 * The slideshow shows one face at a time, the next every 3 s: the first comes with the
 * page, the others join a moment after, so a phone's first load fetches one photo, not six.
 * Answers when they joined (ms on the page's timeline), null before: their fades are set
 * back by that much, to keep step with the first's, which began with the page.
 */
function useLaterFacesAt(): number | null {
  const [joinedAt, setJoinedAt] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(
      () => setJoinedAt(Math.round(Number(document.timeline.currentTime ?? performance.now()))),
      LATER_FACES_MS,
    );
    return () => clearTimeout(timer);
  }, []);
  return joinedAt;
}

function LanderVisual({
  visual,
  profiles,
  loading,
  cdnPrefix,
}: {
  visual: Visual;
  profiles: PublicProfile[];
  /** While the members load their place is kept, so the form below does not move. */
  loading: boolean;
  cdnPrefix: string;
}) {
  const { t } = useTranslation();
  const laterFacesAt = useLaterFacesAt();
  if (visual === 'icons') return <FeatureHighlights compact />;
  if (loading && (visual === 'slideshow' || visual === 'collage')) {
    return (
      <div
        className={visual === 'slideshow' ? 'lander-slideshow' : 'lander-collage'}
        aria-hidden="true"
      />
    );
  }
  if (profiles.length === 0 && !loading) return null;
  if (visual === 'slideshow' || visual === 'collage') {
    // Pictures only: each face is one of the members listed for the visitor's country.
    const shown = profiles.slice(0, visual === 'slideshow' ? 6 : 5);
    const joinNow = visual === 'collage' || laterFacesAt !== null;
    return (
      <div
        className={visual === 'slideshow' ? 'lander-slideshow' : 'lander-collage'}
        role="img"
        aria-label={t('landers.faces', { names: shown.map((p) => p.name).join(', ') })}
      >
        {shown.map(
          (profile, i) =>
            (i === 0 || joinNow) && (
              <div
                key={profile.id}
                className="lander-photo"
                style={
                  {
                    '--i': i,
                    ...(i > 0 && laterFacesAt !== null && { '--late': `${laterFacesAt}ms` }),
                  } as CSSProperties
                }
              >
                <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size="full" first={i === 0} />
              </div>
            ),
        )}
      </div>
    );
  }
  const count = visual === 'feed' ? 3 : 4;
  return (
    <section aria-labelledby="lander-members">
      <h2 id="lander-members" className="h5 mb-3">
        {t('landers.members_title')}
      </h2>
      <div className={`row g-3 ${visual === 'feed' ? 'row-cols-3' : 'row-cols-2 row-cols-sm-4'}`}>
        {loading
          ? SKELETON_KEYS.slice(0, count).map((key) => (
              <div className="col" key={key}>
                <MemberCardSkeleton />
              </div>
            ))
          : profiles.slice(0, count).map((profile) => (
              <div className="col" key={profile.id}>
                <MemberCard profile={profile} cdnPrefix={cdnPrefix} />
              </div>
            ))}
      </div>
    </section>
  );
}
