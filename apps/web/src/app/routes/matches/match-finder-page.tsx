import { GENDERS } from '@amora/shared/constants';
import { AGE_BUCKETS } from '@amora/shared/rules/age-buckets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Wordmark } from '@/components/wordmark';
import { type SearchFilters, useSearchMembers } from '@/features/search/api/search-members';
import { useSiteName } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';
import { MatchGrid } from './match-grid';

/** /match-finder: two questions, then members who fit (logged-out search as settings allow). */
export function Component() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { isLoggedIn } = useSession();
  const [gender, setGender] = useState<SearchFilters['gender']>();
  const [bucket, setBucket] = useState<string>();
  const chosen = AGE_BUCKETS.find((b) => b.id === bucket);
  const done = gender !== undefined && chosen !== undefined;
  const filters: SearchFilters = {
    gender,
    min_age: chosen?.min_age ?? undefined,
    max_age: chosen?.max_age ?? undefined,
    searchAllCountries: true,
  };
  const search = useSearchMembers(filters, false, 'match-finder');
  useDocumentTitle(t('routes.match-finder.title'));
  const profiles = done ? (search.data?.pages[0]?.profiles ?? []) : [];

  return (
    <div className="container py-4" style={{ maxWidth: '64rem' }}>
      <Wordmark name={siteName} />
      <h1 className="h3 mt-3">{t('routes.match-finder.title')}</h1>
      <p className="text-body-secondary">{t('routes.match-finder.text')}</p>
      <div className="card mb-4">
        <div className="card-body">
          <fieldset className="mb-3">
            <legend className="fs-6 fw-medium">{t('matches.who')}</legend>
            <div className="d-flex flex-wrap gap-2">
              {GENDERS.map((g) => (
                <button
                  key={g}
                  type="button"
                  className={`btn ${gender === g ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-pressed={gender === g}
                  onClick={() => setGender(g)}
                >
                  {t(`search.gender_${g}`)}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset className="mb-0">
            <legend className="fs-6 fw-medium">{t('matches.age')}</legend>
            <div className="d-flex flex-wrap gap-2">
              {AGE_BUCKETS.filter((b) => b.id !== 'all').map((b) => (
                <button
                  key={b.id}
                  type="button"
                  className={`btn btn-sm ${bucket === b.id ? 'btn-primary' : 'btn-outline-secondary'}`}
                  aria-pressed={bucket === b.id}
                  onClick={() => setBucket(b.id)}
                >
                  {t(`search.age.${b.id}`)}
                </button>
              ))}
            </div>
          </fieldset>
        </div>
      </div>
      {done && (
        <>
          <h2 className="h5">{t('matches.results')}</h2>
          <MatchGrid profiles={profiles} loading={search.isPending} />
          {!search.isPending && profiles.length === 0 && (
            <p className="text-body-secondary">{t('search.empty_title')}</p>
          )}
          {!isLoggedIn && (
            <div className="text-center my-4">
              <Link to="/signup" className="btn btn-primary btn-lg">
                {t('home.cta_signup')}
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}
