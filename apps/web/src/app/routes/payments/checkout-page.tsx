import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Checkout } from '@/features/payments/components/checkout';
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
  return (
    <div className="py-2 mx-auto" style={{ maxWidth: '36rem' }}>
      <PageHeader title={t('payments.checkout_title')} />
      <Checkout
        productId={creditId}
        preselected={paymentMethod}
        discount={discount}
        query={products}
        refusal={refusal}
      />
    </div>
  );
}
