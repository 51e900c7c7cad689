import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Under prices and the pay button: paying accepts the terms; the return policy applies. */
export function PaymentTermsNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={`small text-body-secondary ${className}`}>
      {t('payments.terms_note')} <Link to="/pages/terms">{t('footer.terms')}</Link> ·{' '}
      <Link to="/pages/return-policy">{t('footer.return_policy')}</Link>
    </p>
  );
}
