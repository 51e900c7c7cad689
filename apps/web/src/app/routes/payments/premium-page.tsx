import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { DiscountBanner } from '@/features/payments/components/discount-banner';
import { ProductsOrState } from '@/features/payments/components/products-or-state';
import { useActiveDiscount } from '@/features/payments/hooks/use-active-discount';
import { useDiscountedProducts } from '@/features/payments/hooks/use-discounted-products';
import { checkoutPath } from '@/features/payments/utils/checkout-path';
import { longDate } from '@/lib/locale-format';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /premium: whether premium runs and until when, and the plans to start or extend it, priced
 * with the active discount code (`?code=`: the personal one the account-deletion offer gives).
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.premium.title'));
  const discount = useActiveDiscount(true);
  const { query: products, refusal } = useDiscountedProducts(null, discount);
  const code = products.data?.discount?.code;
  const until = products.data?.paid_until;
  return (
    <div className="py-2">
      <PageHeader title={t('routes.premium.title')}>{t('routes.premium.text')}</PageHeader>
      <DiscountBanner active={discount} />
      <ErrorAlert error={refusal} />
      {products.data && (
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
      )}
      <ProductsOrState
        query={products}
        kinds={['premium']}
        headings={false}
        action={(product) => (
          <Link to={checkoutPath(product.id, code)} className="btn btn-primary w-100">
            {t('payments.choose')}
          </Link>
        )}
      />
    </div>
  );
}
