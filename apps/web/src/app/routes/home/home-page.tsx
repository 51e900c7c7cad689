import { useInfiniteQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FeatureHighlights } from '@/components/feature-highlights';
import { MemberCard } from '@/components/member-card';
import {
  loadVisitorMembers,
  visitorMembersQueryOptions,
} from '@/features/search/api/visitor-members';
import { SignupCard } from '@/features/signup/components/signup-card';
import { useSettings, useSiteName } from '@/lib/settings-query';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { userKeys } from '@/lib/user-query';
import type { ScreenLoader } from '../../screen-loader';
import { useSession } from '../../session/session-context';
import { useArrivedLoggedIn } from '../../session/use-arrived-logged-in';

/** A visitor's home page comes with its glimpse of members; a member's goes on to search. */
export const loader: ScreenLoader = async (queryClient) => {
  if (queryClient.getQueryData(userKeys.all)) return;
  await loadVisitorMembers(queryClient, 'home');
};

/** A glimpse of members for visitors, when the settings allow logged-out search (spec §6). */
function MembersGlimpse() {
  const { t } = useTranslation();
  const settings = useSettings().data;
  const search = useInfiniteQuery(visitorMembersQueryOptions(settings, 'home'));
  const profiles = search.data?.pages[0]?.profiles.slice(0, 8) ?? [];
  if (!settings || profiles.length === 0) return null;
  return (
    <section className="my-4" aria-labelledby="glimpse-heading">
      <h2 id="glimpse-heading" className="h4 mb-3">
        {t('home.glimpse_title')}
      </h2>
      <div className="row row-cols-2 row-cols-md-4 g-3">
        {profiles.map((profile) => (
          <div className="col" key={profile.id}>
            <MemberCard profile={profile} cdnPrefix={settings.cdn_prefix} />
          </div>
        ))}
      </div>
    </section>
  );
}

/** Logged out: a welcome with the way in. Logged in: the members route. */
export function Component() {
  const { t } = useTranslation();
  const arrivedLoggedIn = useArrivedLoggedIn();
  const name = useSiteName();
  useDocumentTitle(t('home.hero_title'));
  const unsubscribed = useUnsubscribedNotice();
  if (arrivedLoggedIn) return <Navigate to="/members" replace />;
  return (
    <>
      {unsubscribed !== null && <UnsubscribedNotice done={unsubscribed === '1'} />}
      <section className="hero row align-items-center g-4">
        <div className="col-md-7">
          <h1 className="display-5">{t('home.hero_title')}</h1>
          <p className="lead my-3">{t('home.hero_text')}</p>
          <div className="d-flex flex-column flex-sm-row gap-2">
            <a href="#signup" className="btn btn-primary btn-lg d-md-none">
              {t('home.cta_signup')}
            </a>
            <Link to="/login" className="btn btn-outline-secondary btn-lg">
              {t('home.cta_login')}
            </Link>
          </div>
          <p className="small text-body-secondary mt-2">{t('home.free_note')}</p>
        </div>
        <div className="col-md-5" id="signup">
          <SignupCard />
        </div>
      </section>
      <section className="my-2" aria-label={name}>
        <FeatureHighlights />
      </section>
      <MembersGlimpse />
      <section className="card my-4">
        <div className="card-body d-flex gap-3 align-items-start">
          <div className="feature-icon flex-shrink-0" aria-hidden="true">
            <ShieldCheck />
          </div>
          <div>
            <h2 className="h5">{t('home.trust_title')}</h2>
            <p className="mb-0 text-body-secondary">{t('home.trust_text')}</p>
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * The digest mail's unsubscribe link lands here (`?unsubscribed=1`, or `0` when it failed),
 * logged in or not. A visitor's page says it in the page, as the server sends it; a member,
 * who goes on to search, hears it as a toast. Either way the address loses the parameter,
 * so a reload or a bookmark does not say it again.
 */
function useUnsubscribedNotice(): string | null {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const [said] = useState(() => params.get('unsubscribed'));
  const told = useRef(false);
  useEffect(() => {
    if (said === null || told.current) return;
    told.current = true;
    if (isLoggedIn) {
      if (said === '1') toast.success(t('notifications.unsubscribed'));
      else toast.error(t('notifications.unsubscribe_failed'));
    }
    setParams({}, { replace: true });
  }, [said, isLoggedIn, setParams, t]);
  return isLoggedIn ? null : said;
}

function UnsubscribedNotice({ done }: { done: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`alert mt-3 ${done ? 'alert-success' : 'alert-danger'}`} role="status">
      {t(done ? 'notifications.unsubscribed' : 'notifications.unsubscribe_failed')}
    </div>
  );
}
