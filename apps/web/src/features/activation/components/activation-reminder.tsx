import type { User } from '@amora/shared/schemas/user';
import { useQueryClient } from '@tanstack/react-query';
import { Check, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { userKeys } from '@/lib/user-query';
import { useResendActivation } from '../api/resend-activation';

/** How long "Link sent" stands where the button was, before another link can be asked for. */
const SENT_MS = 60_000;

/**
 * Reminds a member who has not confirmed their address yet, with a way to get a new link.
 * After a link is sent, the button gives way to a quiet "Link sent" for a minute: the
 * toast (top end) covers the button on wide screens, and a second link at once rarely
 * helps. `preview` (the developer page) shows the confirmation without sending anything.
 */
export function ActivationReminder({
  user,
  preview = false,
}: {
  user: Pick<User, 'email' | 'activated'>;
  preview?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const resend = useResendActivation();
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), SENT_MS);
    return () => clearTimeout(timer);
  }, [sent]);
  if (user.activated) return null;
  const send = async () => {
    try {
      if (!preview) await resend.mutateAsync();
      setSent(true);
      toast.success(t('activation.resent', { email: user.email }));
    } catch (error) {
      if (errorCodeOf(error) === 'already_activated') {
        // Activated in another tab or from the mail meanwhile: the reminder goes away.
        toast.success(errorText(error));
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
        return;
      }
      toast.error(errorText(error));
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
      {sent ? (
        <span className="d-inline-flex align-items-center gap-1 small fw-medium">
          <Check size={16} aria-hidden="true" />
          {t('activation.sent')}
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          onClick={send}
          disabled={resend.isPending}
        >
          {t('activation.resend')}
        </button>
      )}
    </div>
  );
}
