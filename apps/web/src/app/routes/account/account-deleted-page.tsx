import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultCard } from '@/components/result-card';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /account-deleted: a calm goodbye after the member deleted their account. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.account-deleted.title'));
  return (
    <ResultCard icon={<HeartHandshake />} title={t('account_delete.done.title')}>
      <p className="text-body-secondary">{t('account_delete.done.text')}</p>
      <p className="small text-body-secondary">{t('account_delete.done.address_note')}</p>
      <Link to="/" className="btn btn-primary btn-lg w-100 mb-2">
        {t('account_delete.done.home')}
      </Link>
      <Link to="/signup" className="btn btn-link">
        {t('account_delete.done.signup')}
      </Link>
    </ResultCard>
  );
}
