import {
  type CreateOrderInput,
  createOrderSchema,
  PAYMENT_METHODS,
  type Product,
} from '@amora/shared/schemas/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { useProducts } from '@/features/payments/api/get-products';
import { useCreateOrder } from '@/features/payments/api/orders';
import { PaymentTermsNote } from '@/features/payments/components/payment-terms-note';
import { formatMinor } from '@/lib/money';
import { useDocumentTitle } from '@/lib/use-document-title';

type Method = CreateOrderInput['method'];
const isMethod = (value: string | undefined): value is Method =>
  (PAYMENT_METHODS as readonly (string | undefined)[]).includes(value);

/** `/credits/{productId}/{method?}`: the order summary, the way to pay, then the provider. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('payments.checkout_title'));
  const { creditId, paymentMethod } = useParams();
  const products = useProducts();
  const product = products.data?.products.find((p) => p.id === creditId);
  return (
    <div className="py-2 mx-auto" style={{ maxWidth: '36rem' }}>
      <PageHeader title={t('payments.checkout_title')} />
      {products.isPending ? (
        <div className="card placeholder-glow" aria-busy="true">
          <div className="card-body p-4">
            <span className="placeholder col-8 placeholder-lg rounded" />
          </div>
        </div>
      ) : product && products.data?.methods.length === 0 ? (
        <div className="alert alert-info" role="status">
          {t('payments.unavailable')}
        </div>
      ) : product && products.data ? (
        <CheckoutForm
          product={product}
          // Only the methods that take the member's currency (issue 15), the link's first.
          methods={products.data.methods}
          method={
            isMethod(paymentMethod) && products.data.methods.includes(paymentMethod)
              ? paymentMethod
              : (products.data.methods[0] ?? 'card')
          }
        />
      ) : (
        <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="alert">
          <span className="flex-grow-1">{t('payments.not_for_sale')}</span>
          <Link to="/pricing" className="btn btn-sm btn-outline-secondary">
            {t('payments.see_prices')}
          </Link>
        </div>
      )}
    </div>
  );
}

function CheckoutForm({
  product,
  methods,
  method,
}: {
  product: Product;
  methods: readonly Method[];
  method: Method;
}) {
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
          <p className="text-body-secondary">{t('payments.premium_withdrawal')}</p>
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
