import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { DiscountBanner } from '@/features/payments/components/discount-banner';
import { PremiumStatus } from '@/features/payments/components/premium-status';
import { ProductsOrState } from '@/features/payments/components/products-or-state';
import { useActiveDiscount } from '@/features/payments/hooks/use-active-discount';
import { useDiscountedProducts } from '@/features/payments/hooks/use-discounted-products';
import { checkoutPath } from '@/features/payments/utils/checkout-path';
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
  return (
    <div className="py-2">
      <PageHeader title={t('routes.premium.title')}>{t('routes.premium.text')}</PageHeader>
      <DiscountBanner active={discount} />
      <ErrorAlert error={refusal} />
      {products.data && <PremiumStatus until={products.data.paid_until} />}
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
