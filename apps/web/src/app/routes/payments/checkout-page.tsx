import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { CheckoutForm } from '@/features/payments/components/checkout-form';
import { useActiveDiscount } from '@/features/payments/hooks/use-active-discount';
import { useDiscountedProducts } from '@/features/payments/hooks/use-discounted-products';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * `/credits/{productId}/{method?}`: the order summary, the way to pay, then the provider.
 * `?code=` (from the prices' links) names the code; without it the active code applies.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('payments.checkout_title'));
  const { creditId, paymentMethod } = useParams();
  const discount = useActiveDiscount(true);
  const { query: products, refusal } = useDiscountedProducts(null, discount);
  const product = products.data?.products.find((p) => p.id === creditId);
  return (
    <div className="py-2 mx-auto" style={{ maxWidth: '36rem' }}>
      <PageHeader title={t('payments.checkout_title')} />
      <ErrorAlert error={discount.error ?? refusal} />
      {discount.namedUnavailable && (
        <div className="alert alert-warning" role="status">
          {t('discounts.code_unavailable', { code: discount.named })}
        </div>
      )}
      {products.isPending ? (
        <div className="card placeholder-glow" aria-busy="true">
          <div className="card-body p-4">
            <span className="placeholder col-8 placeholder-lg rounded" />
          </div>
        </div>
      ) : product && products.data?.methods.length === 0 ? (
        <div className="alert alert-info" role="status">
          {t('payments.unavailable')}
        </div>
      ) : product ? (
        <CheckoutForm
          product={product}
          methods={products.data?.methods ?? []}
          preselected={paymentMethod}
          discount={products.data?.discount}
        />
      ) : (
        <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="alert">
          <span className="flex-grow-1">{t('payments.not_for_sale')}</span>
          <Link to="/pricing" className="btn btn-sm btn-outline-secondary">
            {t('payments.see_prices')}
          </Link>
        </div>
      )}
    </div>
  );
}
