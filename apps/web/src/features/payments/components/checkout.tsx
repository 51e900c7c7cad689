import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import type { useProducts } from '../api/get-products';
import type { ActiveDiscount } from '../hooks/use-active-discount';
import { CheckoutForm } from './checkout-form';

/**
 * What the checkout shows under its title: why the code cannot be used, if so, then the
 * form for the product, a skeleton while the prices load, or why it cannot be bought.
 */
export function Checkout({
  productId,
  preselected,
  discount,
  query,
  refusal,
}: {
  productId: string | undefined;
  preselected: string | undefined;
  discount: ActiveDiscount;
  query: ReturnType<typeof useProducts>;
  /** The server refused the code the prices were asked with. */
  refusal: unknown;
}) {
  const { t } = useTranslation();
  const product = query.data?.products.find((p) => p.id === productId);
  return (
    <>
      <ErrorAlert error={discount.error ?? refusal} />
      {discount.namedUnavailable && (
        <div className="alert alert-warning" role="status">
          {t('discounts.code_unavailable', { code: discount.named })}
        </div>
      )}
      {query.isPending ? (
        <div className="card placeholder-glow" aria-busy="true">
          <div className="card-body p-4">
            <span className="placeholder col-8 placeholder-lg rounded" />
          </div>
        </div>
      ) : product && query.data?.methods.length === 0 ? (
        <div className="alert alert-info" role="status">
          {t('payments.unavailable')}
        </div>
      ) : product ? (
        <CheckoutForm
          product={product}
          methods={query.data?.methods ?? []}
          preselected={preselected}
          discount={query.data?.discount}
        />
      ) : (
        <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="alert">
          <span className="flex-grow-1">{t('payments.not_for_sale')}</span>
          <Link to="/pricing" className="btn btn-sm btn-outline-secondary">
            {t('payments.see_prices')}
          </Link>
        </div>
      )}
    </>
  );
}
