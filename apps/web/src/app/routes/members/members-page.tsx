import { SEARCH_PAGE_SIZE } from '@amora/shared/constants';
import { SlidersHorizontal, UsersRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { MemberCard } from '@/components/member-card';
import { MemberGridSkeleton } from '@/components/member-card-skeleton';
import { PageHeader } from '@/components/page-header';
import { likedIds } from '@/features/likes/api/toggle-like';
import { useLikes } from '@/features/likes/api/use-likes';
import { PartnerTile } from '@/features/partners/components/partner-tile';
import { useTiles, withTiles } from '@/features/partners/hooks/use-partner-tiles';
import {
  type SearchFilters as Filters,
  useSearchMembers,
} from '@/features/search/api/search-members';
import { SearchFilters } from '@/features/search/components/search-filters';
import { WidenSearch } from '@/features/search/components/widen-search';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';
import { MemberActions } from './member-actions';

/** /members (alias /search): the member search with its filters. */
export function Component() {
  const { t, i18n } = useTranslation();
  const settings = useSettings().data;
  const { isLoggedIn, user } = useSession();
  const [filters, setFilters] = useState<Filters>({});
  const [manual, setManual] = useState(false);
  // A one-tap widening is a look around, not a new remembered search.
  const [doNotSave, setDoNotSave] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A member who did not choose to see flagged photos gets none in the results (issue 18).
  const hideNudity = user !== null && user !== undefined && !user.settings.show_flagged_photos;
  // Until the member changes a filter the search asks with none (the server applies the
  // remembered ones); the form only shows what is in force, without asking again.
  const asked = manual ? filters : {};
  const search = useSearchMembers(
    hideNudity ? { ...asked, hideNudity } : asked,
    manual,
    'members',
    { doNotSave },
  );
  const likes = useLikes(isLoggedIn);
  const liked = likedIds(likes.data);
  const sentinel = useRef<HTMLDivElement>(null);
  const tiles = useTiles(settings, user, filters);
  useDocumentTitle(t('routes.members.title'));

  // The filters in force (the remembered search included) fill the form on the first answer.
  const first = search.data?.pages[0];
  useEffect(() => {
    if (manual || !first) return;
    const f = first.filter_options;
    setFilters({
      gender: f.gender ?? undefined,
      min_age: f.min_age ?? undefined,
      max_age: f.max_age ?? undefined,
      country: f.country ?? undefined,
      countryregion: f.countryregion ?? undefined,
      searchAllCountries: f.country === null ? true : undefined,
      pp: f.pp || undefined,
      verified: f.verified || undefined,
    });
  }, [first, manual]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const change = (next: Filters) => {
    setManual(true);
    setDoNotSave(false);
    setFilters(next);
  };
  const widen = (to: Pick<Filters, 'country' | 'searchAllCountries'>) => {
    setManual(true);
    setDoNotSave(true);
    setFilters({ ...filters, country: undefined, countryregion: undefined, ...to });
  };
  const profiles = search.data?.pages.flatMap((p) => p.profiles) ?? [];
  const paging = first?.paging;
  const count = paging
    ? paging.capped
      ? t('search.results_capped', {
          count: paging.num_results,
          formatted: new Intl.NumberFormat(i18n.language).format(paging.num_results),
        })
      : t('search.results', { count: paging.num_results })
    : null;

  return (
    <div className="py-2">
      <PageHeader title={t('routes.members.title')}>{count ?? '\u00a0'}</PageHeader>
      <div className="row g-4">
        <aside className="col-lg-3">
          <button
            type="button"
            className="btn btn-outline-secondary w-100 d-lg-none mb-2 d-flex align-items-center justify-content-center gap-2"
            aria-expanded={filtersOpen}
            aria-controls="search-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal size={18} aria-hidden="true" /> {t('search.filters')}
          </button>
          <div id="search-filters" className={`card ${filtersOpen ? '' : 'd-none'} d-lg-block`}>
            <div className="card-body">
              {settings && <SearchFilters settings={settings} value={filters} onChange={change} />}
            </div>
          </div>
        </aside>
        <section
          className="col-lg-9"
          aria-label={t('search.results_label')}
          aria-busy={search.isFetching}
        >
          {search.isError && (
            <LoadError error={search.error} onRetry={() => void search.refetch()} />
          )}
          {(search.isPending || !tiles.settled) && <MemberGridSkeleton />}
          {search.isSuccess && profiles.length === 0 && (
            <EmptyState
              icon={<UsersRound />}
              title={t('search.empty_title')}
              text={t('search.empty_text')}
              action={
                // With a country in force, the widening below offers the way out.
                !first?.filter_options.country && (
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => change({ searchAllCountries: true })}
                  >
                    {t('search.clear_filters')}
                  </button>
                )
              }
            />
          )}
          {profiles.length > 0 && settings && tiles.settled && (
            <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3">
              {withTiles(profiles, tiles).map((item) =>
                item.type === 'member' ? (
                  <div className="col" key={item.profile.id}>
                    <MemberCard
                      profile={item.profile}
                      cdnPrefix={settings.cdn_prefix}
                      actions={
                        isLoggedIn && (
                          <MemberActions
                            profile={item.profile}
                            liked={liked.has(item.profile.id)}
                          />
                        )
                      }
                    />
                  </div>
                ) : (
                  <div className="col" key={item.key}>
                    <PartnerTile kind={item.kind} cam={item.cam} />
                  </div>
                ),
              )}
            </div>
          )}
          {search.isSuccess &&
            settings &&
            first?.filter_options.country &&
            first.paging.num_results < SEARCH_PAGE_SIZE && (
              <WidenSearch
                country={first.filter_options.country}
                settings={settings}
                onWiden={widen}
              />
            )}
          <div ref={sentinel} />
          {hasNextPage && (
            <div className="text-center my-4">
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isFetchingNextPage ? t('common.loading') : t('search.load_more')}
              </button>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
