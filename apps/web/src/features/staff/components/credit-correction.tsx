import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { toast } from '@/lib/toast';
import { useCreditCorrection } from '../api/staff-api';
import { NoteField } from './note-field';

/** Admins only: adds or takes credits, a ledger row with the reason in the audit log. */
export function CreditCorrectionForm({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const correction = useCreditCorrection();
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const value = Number(amount);
  const valid = /^-?\d+$/.test(amount) && value !== 0 && reason.trim() !== '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { credits } = await correction.mutateAsync({
        member: memberId,
        amount: value,
        reason: reason.trim(),
      });
      setAmount('');
      setReason('');
      toast.success(t('staff.credits.done', { credits }));
    } catch {
      // Shown from correction.error.
    }
  };
  return (
    <form className="border rounded p-3 mt-3" onSubmit={submit} noValidate>
      <h3 className="h6">{t('staff.credits.title')}</h3>
      <label htmlFor={amountId} className="form-label small fw-semibold mb-1">
        {t('staff.credits.amount')}
      </label>
      <input
        id={amountId}
        className="form-control mb-2"
        inputMode="numeric"
        value={amount}
        placeholder="+50 / -20"
        aria-describedby={`${amountId}-hint`}
        onChange={(event) => setAmount(event.target.value.replace(/[^\d-]/g, ''))}
      />
      <div id={`${amountId}-hint`} className="form-text mt-0 mb-2">
        {t('staff.credits.amount_hint')}
      </div>
      <NoteField label={t('staff.members.reason')} value={reason} onChange={setReason} />
      <ErrorAlert error={correction.error} />
      <button type="submit" className="btn btn-primary" disabled={!valid || correction.isPending}>
        {t('staff.credits.submit')}
      </button>
    </form>
  );
}
