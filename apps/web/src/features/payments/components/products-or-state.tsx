import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import type { useProducts } from '../api/get-products';
import { ProductList } from './product-list';

/** The list, a skeleton while it loads, or why nothing can be bought. */
export function ProductsOrState({
  query,
  action,
  kinds,
  headings,
}: {
  query: ReturnType<typeof useProducts>;
  action: Parameters<typeof ProductList>[0]['action'];
  kinds?: Parameters<typeof ProductList>[0]['kinds'];
  headings?: boolean;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div
        className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 placeholder-glow"
        aria-busy="true"
      >
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="col">
            <div className="card">
              <div className="card-body p-4">
                <span className="placeholder col-6 rounded mb-3" />
                <span className="placeholder col-8 placeholder-lg rounded" />
              </div>
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.products.length === 0) {
    return <div className="alert alert-info">{t('payments.no_prices')}</div>;
  }
  return (
    <ProductList
      products={query.data.products}
      messageCredits={query.data.message_credits}
      action={action}
      {...(kinds && { kinds })}
      {...(headings !== undefined && { headings })}
    />
  );
}
