import { formatMinor } from '@amora/shared/rules/money';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import type { PricedProduct } from '../api/get-products';

/** The price charged; when a code lowers it, the full price struck through after it. */
export function Price({ product, className = '' }: { product: PricedProduct; className?: string }) {
  const { t } = useTranslation();
  const price = formatMinor(product.amount, product.currency, currentLocale());
  const original = product.original_amount;
  return (
    <>
      <span className={className}>{price}</span>
      {original !== undefined && original > product.amount && (
        <>
          {' '}
          <del className="text-body-secondary fs-6 fw-normal text-nowrap">
            <span className="visually-hidden">{t('discounts.was')} </span>
            {formatMinor(original, product.currency, currentLocale())}
          </del>
        </>
      )}
    </>
  );
}
