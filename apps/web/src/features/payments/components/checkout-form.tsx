import { formatMinor } from '@amora/shared/rules/money';
import {
  lacksWithdrawalWaiver,
  needsWithdrawalWaiver,
} from '@amora/shared/rules/withdrawal-waiver';
import {
  type CreateOrderInput,
  createOrderSchema,
  type PaymentMethod,
} from '@amora/shared/schemas/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { ApiError } from '@/lib/api-client';
import { newClientId } from '@/lib/client-id';
import { currentLocale } from '@/lib/i18n';
import { type Discount, discountKeys } from '../api/get-discount';
import { type PricedProduct, productKeys } from '../api/get-products';
import { useCreateOrder } from '../api/orders';
import { PaymentTermsNote } from './payment-terms-note';
import { Price } from './price';

/**
 * The order summary and the ways to pay that the server offers for the member's currency;
 * `preselected` (spec section 2's `/credits/{creditId}/{paymentMethod}`) is chosen when offered.
 * `discount`: the code the price was asked with; the order carries it, so the price charged
 * is the price shown.
 */
export function CheckoutForm({
  product,
  methods,
  preselected,
  discount,
}: {
  product: PricedProduct;
  methods: readonly PaymentMethod[];
  preselected?: string | undefined;
  discount?: Discount | null | undefined;
}) {
  const method = methods.find((m) => m === preselected) ?? methods[0];
  const { t } = useTranslation();
  const ordering = useCreateOrder();
  const queryClient = useQueryClient();
  // Only a code that lowers this product's price goes with the order (another is refused).
  const discounted =
    discount && product.original_amount !== undefined && product.original_amount > product.amount
      ? discount
      : null;
  // Stays true while the browser leaves for the provider, so nothing is ordered twice.
  const [leaving, setLeaving] = useState(false);
  // One key per checkout: the same order sent again (a second tap after an answer that was
  // lost) is the same order at the server (decision 058). Another method or code is another
  // checkout, with a key of its own.
  const checkout = useRef<{ of: string; key: string } | null>(null);
  const keyFor = (order: object) => {
    const of = JSON.stringify(order);
    if (checkout.current?.of !== of) checkout.current = { of, key: newClientId() };
    return checkout.current.key;
  };
  const isCredits = product.kind === 'credits';
  const needsWaiver = needsWithdrawalWaiver(product.kind);
  const schema = createOrderSchema.refine(
    (v) => !lacksWithdrawalWaiver(product.kind, v.waive_withdrawal),
    { path: ['waive_withdrawal'], message: 'payments.waiver_required' },
  );
  const form = useForm<CreateOrderInput>({
    resolver: zodResolver(schema),
    defaultValues: { product: product.id, method, waive_withdrawal: false },
  });
  const { errors } = form.formState;
  const price = formatMinor(product.amount, product.currency, currentLocale());
  const busy = form.formState.isSubmitting || ordering.isPending || leaving;

  const submit = form.handleSubmit(async (values) => {
    try {
      const order = {
        product: values.product,
        method: values.method,
        ...(discounted && { discount_code: discounted.code }),
      };
      const { redirect_url } = await ordering.mutateAsync({
        ...values,
        ...order,
        client_id: keyFor(order),
      });
      setLeaving(true);
      window.location.assign(redirect_url);
    } catch (error) {
      // Shown below from the mutation's error. A code that ended meanwhile (409
      // `discount_invalid`): the codes and prices are asked again, so the price shown is right.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: discountKeys.all });
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
      }
    }
  });

  return (
    <form className="card" onSubmit={submit} noValidate>
      <div className="card-body p-4">
        <dl className="d-flex justify-content-between align-items-baseline mb-1">
          <dt className="h5 mb-0">
            {isCredits
              ? t('payments.credits_amount', { count: product.credits })
              : t('payments.premium_days', { count: product.premium_days })}
          </dt>
          <dd className="h4 mb-0">
            <span className="visually-hidden">{t('payments.total')}: </span>
            <Price product={product} />
          </dd>
        </dl>
        {discounted && (
          <p className="small text-success-emphasis fw-medium mb-1">
            {t('discounts.checkout_applied', {
              code: discounted.code,
              percent: discounted.percent,
            })}
          </p>
        )}
        <p className="small text-body-secondary">{t('payments.vat_included')}</p>

        <fieldset className="mb-3">
          <legend className="form-label fw-medium fs-6">{t('payments.method')}</legend>
          {methods.map((value) => (
            <div key={value} className="form-check payment-method">
              <input
                className="form-check-input"
                type="radio"
                id={`method-${value}`}
                value={value}
                {...form.register('method')}
              />
              <label className="form-check-label" htmlFor={`method-${value}`}>
                {t(`payments.methods.${value}`)}
              </label>
            </div>
          ))}
        </fieldset>

        {needsWaiver ? (
          <div className="form-check mb-3">
            <input
              className={`form-check-input ${errors.waive_withdrawal ? 'is-invalid' : ''}`}
              type="checkbox"
              id="waive-withdrawal"
              aria-describedby={errors.waive_withdrawal ? 'waive-withdrawal-error' : undefined}
              {...form.register('waive_withdrawal')}
            />
            <label className="form-check-label" htmlFor="waive-withdrawal">
              {t('payments.waiver')}
            </label>
            {errors.waive_withdrawal && (
              <div id="waive-withdrawal-error" className="invalid-feedback">
                {t('payments.waiver_required')}
              </div>
            )}
          </div>
        ) : (
          <>
            <p className="text-body-secondary mb-2">{t('payments.premium_one_off')}</p>
            <p className="text-body-secondary">{t('payments.premium_withdrawal')}</p>
          </>
        )}

        <ErrorAlert error={ordering.error} />
        <button
          type="submit"
          className="btn btn-primary btn-lg w-100 d-inline-flex justify-content-center align-items-center gap-2"
          disabled={busy}
        >
          {busy ? (
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          ) : (
            <Lock size={18} aria-hidden="true" />
          )}
          {busy ? t('payments.paying') : t('payments.pay', { price })}
        </button>
        <PaymentTermsNote className="mt-3 mb-0" />
      </div>
    </form>
  );
}
