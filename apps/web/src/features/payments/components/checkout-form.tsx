import {
  type CreateOrderInput,
  createOrderSchema,
  type PaymentMethod,
  type Product,
} from '@amora/shared/schemas/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { formatMinor } from '@/lib/money';
import { useCreateOrder } from '../api/orders';
import { PaymentTermsNote } from './payment-terms-note';

/**
 * The order summary and the ways to pay that the server offers for the member's currency;
 * `preselected` (spec section 2's `/credits/{creditId}/{paymentMethod}`) is chosen when offered.
 */
export function CheckoutForm({
  product,
  methods,
  preselected,
}: {
  product: Product;
  methods: readonly PaymentMethod[];
  preselected?: string | undefined;
}) {
  const method = methods.find((m) => m === preselected) ?? methods[0];
  const { t } = useTranslation();
  const ordering = useCreateOrder();
  // Stays true while the browser leaves for the provider, so nothing is ordered twice.
  const [leaving, setLeaving] = useState(false);
  const isCredits = product.kind === 'credits';
  const schema = isCredits
    ? createOrderSchema.refine((v) => v.waive_withdrawal === true, {
        path: ['waive_withdrawal'],
        message: 'payments.waiver_required',
      })
    : createOrderSchema;
  const form = useForm<CreateOrderInput>({
    resolver: zodResolver(schema),
    defaultValues: { product: product.id, method, waive_withdrawal: false },
  });
  const { errors } = form.formState;
  const price = formatMinor(product.amount, product.currency) ?? '';
  const busy = form.formState.isSubmitting || ordering.isPending || leaving;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { redirect_url } = await ordering.mutateAsync(values);
      setLeaving(true);
      window.location.assign(redirect_url);
    } catch {
      // Shown below from the mutation's error.
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
            {price}
          </dd>
        </dl>
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

        {isCredits ? (
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
