import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useProducts } from '@/features/payments/api/get-products';
import { PaymentTermsNote } from '@/features/payments/components/payment-terms-note';
import { ProductsOrState } from '@/features/payments/components/products-or-state';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/** /pricing: every package and plan with its price; members go on to pay, visitors sign up. */
export function Component() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const settings = useSettings().data;
  useDocumentTitle(t('routes.pricing.title'));
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
