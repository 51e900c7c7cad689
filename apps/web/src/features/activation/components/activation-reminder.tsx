import type { User } from '@amora/shared/schemas/user';
import { MailWarning } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client';
import { useResendActivation } from '../api/resend-activation';

/** Reminds a member who has not confirmed their address yet, with a way to get a new link. */
export function ActivationReminder({ user }: { user: User }) {
  const { t } = useTranslation();
  const resend = useResendActivation();
  if (user.activated) return null;
  const send = async () => {
    try {
      await resend.mutateAsync();
      toast.success(t('activation.resent', { email: user.email }));
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      toast.error(limited ? t('activation.resend_limited') : t('common.something_went_wrong'));
    }
  };
  return (
    <div
      className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mt-3 mb-0"
      role="status"
    >
      <MailWarning size={20} aria-hidden="true" />
      <span className="flex-grow-1">
        <Trans
          i18nKey="activation.reminder"
          values={{ email: user.email }}
          components={{ strong: <strong className="text-break" /> }}
        />
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-dark"
        onClick={send}
        disabled={resend.isPending}
      >
        {t('activation.resend')}
      </button>
    </div>
  );
}
