import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /account-deleted: a calm goodbye after the member deleted their account. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.account-deleted.title'), useSettings().data?.name ?? 'Amora');
  return (
    <div className="card auth-card text-center">
      <div className="card-body p-4">
        <div
          className="feature-icon mx-auto mb-3"
          aria-hidden="true"
          style={{ width: '4rem', height: '4rem' }}
        >
          <HeartHandshake />
        </div>
        <h1 className="h3">{t('account_delete.done.title')}</h1>
        <p className="text-body-secondary">{t('account_delete.done.text')}</p>
        <p className="small text-body-secondary">{t('account_delete.done.address_note')}</p>
        <Link to="/" className="btn btn-primary btn-lg w-100 mb-2">
          {t('account_delete.done.home')}
        </Link>
        <Link to="/signup" className="btn btn-link">
          {t('account_delete.done.signup')}
        </Link>
      </div>
    </div>
  );
}
