import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchMembers } from '@/features/search/api/search-members';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MatchGrid } from './match-grid';

/** /signup-matches: right after signup, members near the new member to like straight away. */
export function Component() {
  const { t } = useTranslation();
  const search = useSearchMembers({}, false, 'signup-matches');
  useDocumentTitle(t('routes.signup-matches.title'));
  const profiles = search.data?.pages[0]?.profiles ?? [];
  return (
    <div className="container py-4">
      <h1 className="h3">{t('routes.signup-matches.title')}</h1>
      <p className="text-body-secondary">{t('matches.intro')}</p>
      <MatchGrid profiles={profiles} loading={search.isPending} />
      <div className="text-center my-4">
        <Link to="/members" className="btn btn-primary btn-lg">
          {t('matches.continue')}
        </Link>
      </div>
    </div>
  );
}
