import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultCard } from '@/components/result-card';

/**
 * Why an order cannot be shown: a visitor logs in first (and comes back to it), and an
 * order that is not the member's, or not there, points to the credit history.
 */
export function OrderUnavailable({
  reason,
  transactionId,
}: {
  reason: 'logged_out' | 'not_found';
  transactionId: string;
}) {
  const { t } = useTranslation();
  if (reason === 'logged_out') {
    return (
      <ResultCard icon={<CircleAlert />} title={t('payments.checkout_title')}>
        <p>{t('payments.log_in_to_see')}</p>
        <Link
          to={`/login?redirect=${encodeURIComponent(`/transactions/${transactionId}`)}`}
          className="btn btn-primary"
        >
          {t('nav.login')}
        </Link>
      </ResultCard>
    );
  }
  return (
    <ResultCard icon={<CircleAlert />} title={t('payments.checkout_title')}>
      <p>{t('payments.not_found')}</p>
      <Link to="/credits" className="btn btn-primary">
        {t('routes.credits.title')}
      </Link>
    </ResultCard>
  );
}
