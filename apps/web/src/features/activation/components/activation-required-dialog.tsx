import { useQueryClient } from '@tanstack/react-query';
import { Check, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { hideActivationRequired, useActivationRequired } from '@/lib/activation-required';
import { errorCodeOf, useErrorText } from '@/lib/error-text';
import { userKeys, useUser } from '@/lib/user-query';
import { useResendActivation } from '../api/resend-activation';

/**
 * Why a like, a new chat or a message was refused (403 `not_activated`): the address is not
 * confirmed yet. Says what still works and offers the link again; what came of that shows
 * in the dialog (a toast would cover its title on a phone). `preview` (the developer page)
 * shows the confirmation without sending.
 */
export function ActivationRequiredDialog({
  email,
  onClose,
  preview = false,
}: {
  email: string;
  onClose: () => void;
  preview?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const resend = useResendActivation();
  const [outcome, setOutcome] = useState<{ sent: true } | { error: string } | null>(null);
  const send = async () => {
    try {
      if (!preview) await resend.mutateAsync();
      setOutcome({ sent: true });
    } catch (error) {
      // Activated meanwhile (the mail, another tab): the user reloads and the dialog goes.
      if (errorCodeOf(error) === 'already_activated') {
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }
      setOutcome({ error: errorText(error) });
    }
  };
  const sent = outcome !== null && 'sent' in outcome;
  return (
    <Modal
      title={t('activation.required_title')}
      onClose={onClose}
      size="md"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('common.close')}
          </button>
          {sent ? (
            <span className="d-inline-flex align-items-center gap-1 fw-medium">
              <Check size={18} aria-hidden="true" />
              {t('activation.sent')}
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={send}
              disabled={resend.isPending}
            >
              {t('activation.resend')}
            </button>
          )}
        </>
      }
    >
      <div className="d-flex gap-3">
        <MailWarning size={28} aria-hidden="true" className="flex-shrink-0 text-primary" />
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <p>
            <Trans
              i18nKey="activation.required_text"
              values={{ email }}
              components={{ strong: <strong className="text-break" /> }}
            />
          </p>
          {outcome === null ? (
            <p className="small text-body-secondary mb-0">{t('activation.required_hint')}</p>
          ) : sent ? (
            <p className="text-success-emphasis fw-medium text-break mb-0" role="status">
              {t('activation.resent', { email })}
            </p>
          ) : (
            <p className="text-danger-emphasis fw-medium mb-0" role="alert">
              {outcome.error}
            </p>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** The explanation, open whenever an action was refused with `not_activated` (lib). */
export function ActivationRequiredPrompt() {
  const open = useActivationRequired();
  const user = useUser().data;
  // Activated meanwhile (the mail, another tab): nothing left to explain.
  if (!open || !user || user.activated) return null;
  return <ActivationRequiredDialog email={user.email} onClose={hideActivationRequired} />;
}
