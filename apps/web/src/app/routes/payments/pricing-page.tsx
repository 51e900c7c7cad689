import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useProducts } from '@/features/payments/api/get-products';
import { PaymentTermsNote } from '@/features/payments/components/payment-terms-note';
import { ProductList } from '@/features/payments/components/product-list';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/** /pricing: every package and plan with its price; members go on to pay, visitors sign up. */
export function Component() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const settings = useSettings().data;
  useDocumentTitle(t('routes.pricing.title'), settings?.name ?? 'Amora');
  // Logged in, the server prices for the member's own country.
  const products = useProducts(isLoggedIn ? null : settings?.geoip_selected_country);
  return (
    <div className="py-2">
      <PageHeader title={t('routes.pricing.title')}>{t('payments.pricing_intro')}</PageHeader>
      <ProductsOrState
        query={products}
        action={(product) =>
          isLoggedIn ? (
            <Link to={`/credits/${product.id}`} className="btn btn-primary w-100">
              {t('payments.choose')}
            </Link>
          ) : (
            <Link to="/signup" className="btn btn-outline-primary w-100">
              {t('payments.sign_up_to_buy')}
            </Link>
          )
        }
      />
      <PaymentTermsNote className="mt-4" />
    </div>
  );
}

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
    return (
      <div className="alert alert-danger" role="alert">
        {t('common.something_went_wrong')}
      </div>
    );
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
