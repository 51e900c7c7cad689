import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { longDate } from '@/lib/locale-format';

/** Whether premium runs and until when; a plan bought now starts or extends it, once. */
export function PremiumStatus({ until }: { until: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="card mb-4">
      <div className="card-body p-4 d-flex gap-3 align-items-center">
        <div className="feature-icon flex-shrink-0" aria-hidden="true">
          <Crown />
        </div>
        <div>
          <p className="fw-semibold mb-1">
            {until
              ? t('payments.premium_active', {
                  date: longDate(until),
                })
              : t('payments.premium_inactive')}
          </p>
          {until && <p className="text-body-secondary mb-1">{t('payments.premium_extend')}</p>}
          <p className="text-body-secondary small mb-0">{t('payments.premium_one_off')}</p>
        </div>
      </div>
    </div>
  );
}
