import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { productsQueryOptions } from '@/features/payments/api/get-products';
import { DiscountBanner } from '@/features/payments/components/discount-banner';
import { PaymentCountrySelect } from '@/features/payments/components/payment-country-select';
import { PaymentTermsNote } from '@/features/payments/components/payment-terms-note';
import { ProductsOrState } from '@/features/payments/components/products-or-state';
import { useActiveDiscount } from '@/features/payments/hooks/use-active-discount';
import { useDiscountedProducts } from '@/features/payments/hooks/use-discounted-products';
import { checkoutPath } from '@/features/payments/utils/checkout-path';
import {
  storedPaymentCountry,
  storePaymentCountry,
  visitorPaymentCountry,
} from '@/features/payments/utils/payment-country';
import { settingsQueryOptions, useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { userKeys } from '@/lib/user-query';
import type { ScreenLoader } from '../../screen-loader';
import { useSession } from '../../session/session-context';

/**
 * A visitor's prices, for the country they chose before or their address suggests, read
 * before the page shows; a member's wait for their discount code (the page asks itself).
 */
export const loader: ScreenLoader = async (queryClient) => {
  if (queryClient.getQueryData(userKeys.all)) return;
  const settings = await queryClient.ensureQueryData(settingsQueryOptions());
  await queryClient.ensureQueryData(productsQueryOptions(visitorPaymentCountry(settings), null));
};

/**
 * /pricing: every package and plan with its price (with the member's active discount code,
 * or the one a campaign link names); members go on to pay, visitors sign up.
 */
export function Component() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const settings = useSettings().data;
  useDocumentTitle(t('routes.pricing.title'));
  // Logged in, the server prices for the member's own country; a visitor sees the country
  // they chose before, else the one the address suggests.
  const [chosen, setChosen] = useState(storedPaymentCountry);
  const visitorCountry = settings ? visitorPaymentCountry(settings, chosen) : undefined;
  const discount = useActiveDiscount(isLoggedIn);
  const { query: products, refusal } = useDiscountedProducts(
    isLoggedIn ? null : visitorCountry,
    discount,
  );
  const code = products.data?.discount?.code;
  return (
    <div className="py-2">
      <PageHeader title={t('routes.pricing.title')}>{t('payments.pricing_intro')}</PageHeader>
      {!isLoggedIn && settings && visitorCountry && (
        <PaymentCountrySelect
          settings={settings}
          value={visitorCountry}
          onChange={(country) => {
            storePaymentCountry(country);
            setChosen(country);
          }}
        />
      )}
      <DiscountBanner active={discount} />
      <ErrorAlert error={refusal} />
      <ProductsOrState
        query={products}
        action={(product) =>
          isLoggedIn ? (
            <Link to={checkoutPath(product.id, code)} className="btn btn-primary w-100">
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
