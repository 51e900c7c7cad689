import { formatMinor } from '@amora/shared/rules/money';
import { Coins, Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import type { PricedProduct } from '../api/get-products';
import { Price } from './price';

interface Props {
  products: PricedProduct[];
  /** Credits one message costs, for the price per message beside each package. */
  messageCredits: number | null;
  kinds?: readonly PricedProduct['kind'][];
  /** Each kind under its heading (off where the page's own heading says it). */
  headings?: boolean;
  /** The way on from a product: a link to its checkout, or to signing up. */
  action: (product: PricedProduct) => ReactNode;
}

/**
 * Credit packages and premium plans with the price charged, VAT included, and the full
 * price struck through when a code lowers it (UI.md: no surprises).
 */
export function ProductList({
  products,
  messageCredits,
  kinds = ['credits', 'premium'],
  headings = true,
  action,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className="d-grid gap-4">
      {kinds.map((kind) => {
        const items = products.filter((p) => p.kind === kind);
        if (items.length === 0) return null;
        const Icon = kind === 'credits' ? Coins : Crown;
        return (
          <section key={kind} aria-labelledby={`products-${kind}`}>
            <div className={headings ? 'd-flex gap-3 align-items-start mb-3' : 'visually-hidden'}>
              <div className="feature-icon flex-shrink-0" aria-hidden="true">
                <Icon />
              </div>
              <div>
                <h2 id={`products-${kind}`} className="h4 mb-1">
                  {t(`payments.${kind}_title`)}
                </h2>
                <p className="text-body-secondary mb-0">{t(`payments.${kind}_text`)}</p>
              </div>
            </div>
            <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled">
              {items.map((product) => (
                <li key={product.id} className="col">
                  <ProductCard product={product} messageCredits={messageCredits}>
                    {action(product)}
                  </ProductCard>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function ProductCard({
  product,
  messageCredits,
  children,
}: {
  product: PricedProduct;
  messageCredits: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const unit =
    product.kind === 'credits'
      ? messageCredits
        ? t('payments.per_message', {
            price: formatMinor(
              (product.amount / product.credits) * messageCredits,
              product.currency,
              currentLocale(),
            ),
          })
        : null
      : t('payments.per_day', {
          price: formatMinor(
            product.amount / product.premium_days,
            product.currency,
            currentLocale(),
          ),
        });
  return (
    <article className="card h-100 product-card">
      <div className="card-body p-4 d-flex flex-column">
        <h3 className="h5">
          {product.kind === 'credits'
            ? t('payments.credits_amount', { count: product.credits })
            : t('payments.premium_days', { count: product.premium_days })}
        </h3>
        <p className="mb-0">
          <Price product={product} className="display-6 fw-semibold" />
        </p>
        <p className="small text-body-secondary">
          {t('payments.vat_included')}
          {unit && ` · ${unit}`}
        </p>
        <div className="mt-auto">{children}</div>
      </div>
    </article>
  );
}
