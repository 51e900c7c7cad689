import { formatMinor } from '@amora/shared/rules/money';
import type { AdminOrder } from '@amora/shared/schemas/order-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { currentLocale } from '@/lib/i18n';
import { minorAsInput, parseMinor } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useRefund } from '../api/staff-api';
import { NoteField } from './note-field';

/**
 * Asks the order's payment provider to pay back all or part of it. The order changes when
 * the provider confirms, which the order page waits for.
 */
export function RefundForm({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const refund = useRefund();
  const amountId = useId();
  const [amount, setAmount] = useState(minorAsInput(order.refundable, order.currency));
  const [reason, setReason] = useState('');
  const minor = parseMinor(amount, order.currency);
  const valid = minor !== null && minor > 0 && minor <= order.refundable && reason.trim() !== '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (minor === null) return;
    try {
      await refund.mutateAsync({ order: order.id, amount: minor, reason: reason.trim() });
      setReason('');
      toast.success(
        t('staff.orders.refund_asked', {
          amount: formatMinor(minor, order.currency, currentLocale()),
        }),
      );
    } catch {
      // Shown from refund.error.
    }
  };
  return (
    <form className="card card-body mb-3" onSubmit={submit} noValidate>
      <h3 className="h6">{t('staff.orders.refund_title')}</h3>
      <label htmlFor={amountId} className="form-label small fw-semibold mb-1">
        {t('staff.orders.refund_amount', { currency: order.currency })}
      </label>
      <input
        id={amountId}
        className="form-control mb-1"
        inputMode="decimal"
        value={amount}
        aria-describedby={`${amountId}-hint`}
        onChange={(event) => setAmount(event.target.value.replace(/[^\d.,]/g, ''))}
      />
      <div id={`${amountId}-hint`} className="form-text mt-0 mb-2">
        {t('staff.orders.refund_hint', {
          amount: formatMinor(order.refundable, order.currency, currentLocale()),
        })}
      </div>
      <NoteField label={t('staff.members.reason')} value={reason} onChange={setReason} />
      <ErrorAlert error={refund.error} />
      <button type="submit" className="btn btn-danger" disabled={!valid || refund.isPending}>
        {t('staff.orders.refund_submit')}
      </button>
    </form>
  );
}
