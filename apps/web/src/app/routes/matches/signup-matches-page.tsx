import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { useSignupMatches } from '@/features/search/api/signup-matches';
import { useDocumentTitle } from '@/lib/use-document-title';
import { userQueryOptions } from '@/lib/user-query';
import { MatchGrid } from './match-grid';

/** How often the page asks whether the new member has confirmed their address. */
const ACTIVATION_POLL_MS = 5_000;

/**
 * /signup-matches: where signup ends. Members who fit the new member, to like at once; until
 * the address is confirmed a like opens the "confirm your e-mail first" prompt, and the page
 * asks for the user until it is, so the likes work from then on without a reload.
 */
export function Component() {
  const { t } = useTranslation();
  const matches = useSignupMatches();
  const user = useQuery({
    ...userQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.activated === false ? ACTIVATION_POLL_MS : false,
  }).data;
  const waiting = user?.activated === false;
  useDocumentTitle(t('routes.signup-matches.title'));
  return (
    <div className="container py-4">
      <h1 className="h3">{t('routes.signup-matches.title')}</h1>
      <p className="text-body-secondary">{t('matches.intro')}</p>
      {waiting && (
        <p className="alert alert-info d-flex gap-2 align-items-center" role="status">
          <MailCheck size={20} aria-hidden="true" className="flex-shrink-0" />
          {t('matches.confirm_first')}
        </p>
      )}
      {matches.isError ? (
        <LoadError error={matches.error} onRetry={() => void matches.refetch()} />
      ) : (
        <MatchGrid profiles={matches.data ?? []} loading={matches.isPending} />
      )}
      {matches.data?.length === 0 && <p className="text-body-secondary">{t('matches.none')}</p>}
      <div className="text-center my-4">
        <Link to="/members" className="btn btn-primary btn-lg">
          {t('matches.continue')}
        </Link>
      </div>
    </div>
  );
}
