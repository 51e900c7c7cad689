import {
  type DeleteAccountBody,
  deleteAccountBodySchema,
} from '@amora/shared/schemas/account-deletion';
import { zodResolver } from '@hookform/resolvers/zod';
import { Gift, UserX } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Modal } from '@/components/modal';
import { PasswordField } from '@/components/password-field';
import { useCompanyInfo } from '@/lib/company-info-query';
import { errorCodeOf, useErrorText } from '@/lib/error-text';
import { useClaimStayOffer } from '../api/claim-stay-offer';
import { useDeleteAccount } from '../api/delete-account';

const LOSSES = ['profile', 'likes', 'chats', 'credits', 'address'] as const;

/** A quiet card on the own profile: deleting the account, behind a confirmation. */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  // The dialog refocuses itself when its onClose changes: keep one function for its life.
  const close = useCallback(() => setOpen(false), []);
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-body p-4">
        <h2 className="h5 d-flex align-items-center gap-2" id={titleId}>
          <UserX size={20} aria-hidden="true" className="text-body-secondary" />
          {t('account_delete.title')}
        </h2>
        <p className="text-body-secondary">{t('account_delete.intro')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
          {t('account_delete.open')}
        </button>
      </div>
      {open && <DeleteAccountDialog onClose={close} />}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formId = useId();
  const discount = useCompanyInfo().data?.delete_discount ?? null;
  const deletion = useDeleteAccount();
  const offer = useClaimStayOffer();
  const navigate = useNavigate();
  const form = useForm<DeleteAccountBody>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Stays true while the browser loads the goodbye page, so nothing can be pressed twice.
  const [leaving, setLeaving] = useState(false);
  const busy = isSubmitting || deletion.isPending || leaving || offer.isPending;

  // Staying: the personal code, then premium priced with it.
  const stay = async () => {
    try {
      const { code } = await offer.mutateAsync();
      onClose();
      await navigate(`/premium?code=${encodeURIComponent(code)}`);
    } catch {
      // Shown in the offer from the mutation's error.
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await deletion.mutateAsync(values);
    } catch (error) {
      if (errorCodeOf(error) === 'wrong_password') {
        form.setError('password', { type: 'server', message: errorText(error) });
        form.setFocus('password');
      }
      return;
    }
    // A fresh page load rather than an in-app navigation: every cached answer about the
    // member (user, chats, likes, searches) is dropped at once, and the profile page's
    // login gate cannot win a race to the login form while the new page is still loading.
    setLeaving(true);
    window.location.replace('/account-deleted');
  });

  // A wrong password is shown under its field; any other failure above the form.
  const apiError = errorCodeOf(deletion.error) === 'wrong_password' ? null : deletion.error;

  return (
    <Modal
      title={t('account_delete.confirm_title')}
      onClose={onClose}
      size="md"
      footer={
        // Full-width buttons on phones, side by side from the small breakpoint up.
        <div className="d-grid d-sm-flex justify-content-sm-end gap-2 flex-grow-1">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={onClose}
            disabled={busy}
          >
            {t('account_delete.keep')}
          </button>
          <button type="submit" form={formId} className="btn btn-danger" disabled={busy}>
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {busy ? t('account_delete.deleting') : t('account_delete.confirm')}
          </button>
        </div>
      }
    >
      <p className="fw-medium">{t('account_delete.lead')}</p>
      <ul className="small text-body-secondary ps-3">
        {LOSSES.map((loss) => (
          <li key={loss}>{t(`account_delete.loses.${loss}`)}</li>
        ))}
      </ul>
      {discount ? (
        <div className="bg-primary-subtle rounded-3 p-3 mb-3">
          <p className="d-flex gap-2 mb-2 fw-medium">
            <Gift size={20} aria-hidden="true" className="flex-shrink-0 text-primary" />
            {t('account_delete.offer', { percent: discount })}
          </p>
          <ErrorAlert error={offer.error} className="small py-2" />
          <button
            type="button"
            className="btn btn-primary w-100"
            disabled={busy}
            onClick={() => void stay()}
          >
            {offer.isPending && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t('account_delete.offer_button', { percent: discount })}
          </button>
        </div>
      ) : null}
      <form id={formId} onSubmit={submit} noValidate>
        <ErrorAlert error={apiError} />
        <PasswordField
          label={t('account_delete.password')}
          hint={t('account_delete.password_hint')}
          autoComplete="current-password"
          error={errors.password}
          {...form.register('password')}
        />
      </form>
    </Modal>
  );
}
