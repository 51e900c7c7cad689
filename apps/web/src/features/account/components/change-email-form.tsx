import {
  EMAIL_CHANGE_LINK_HOURS,
  type EmailChangeRequest,
  emailChangeRequestSchema,
} from '@amora/shared/schemas/email-change';
import type { User } from '@amora/shared/schemas/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { PasswordField } from '@/components/password-field';
import { errorCodeOf, useErrorText } from '@/lib/error-text';
import { useRequestEmailChange } from '../api/request-email-change';

/** Answers that belong to one field, shown under it; any other is shown above the form. */
const FIELD_OF: Partial<Record<string, 'email' | 'password'>> = {
  wrong_password: 'password',
  email_taken: 'email',
  same_email: 'email',
};

type Outcome = { kind: 'pending' | 'changed'; email: string };

/**
 * New address and current password. An activated member then waits for the link mailed
 * to the new address; one who has not activated yet has the address changed at once.
 */
export function ChangeEmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const request = useRequestEmailChange();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const form = useForm<EmailChangeRequest>({
    resolver: zodResolver(emailChangeRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || request.isPending;

  // The form made way for the outcome: take the focus along, so it is read out.
  useEffect(() => {
    if (outcome) statusRef.current?.focus();
  }, [outcome]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await request.mutateAsync(values);
      setOutcome(
        'pending_email' in answer
          ? { kind: 'pending', email: answer.pending_email }
          : { kind: 'changed', email: answer.email },
      );
      form.reset();
      request.reset();
    } catch (error) {
      const field = FIELD_OF[errorCodeOf(error)];
      if (field) {
        form.setError(field, { type: 'server', message: errorText(error) });
        form.setFocus(field);
      }
    }
  });

  if (outcome) {
    const pending = outcome.kind === 'pending';
    const Icon = pending ? MailCheck : CircleCheck;
    return (
      <div>
        <div
          ref={statusRef}
          tabIndex={-1}
          className="alert alert-success d-flex gap-3 align-items-start"
          role="status"
        >
          <Icon size={24} aria-hidden="true" className="flex-shrink-0 mt-1" />
          <div>
            <p className="fw-semibold mb-1">
              {t(pending ? 'email_change.pending_title' : 'email_change.changed_title')}
            </p>
            <p className="mb-0">
              <Trans
                i18nKey={pending ? 'email_change.pending_text' : 'email_change.changed_text'}
                values={{ email: outcome.email, hours: EMAIL_CHANGE_LINK_HOURS }}
                components={{ strong: <strong className="text-break" /> }}
              />
            </p>
          </div>
        </div>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => setOutcome(null)}
        >
          {t('email_change.other_address')}
        </button>
      </div>
    );
  }

  const formError = request.error && !FIELD_OF[errorCodeOf(request.error)] ? request.error : null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  return (
    <form onSubmit={submit} noValidate aria-describedby={formError ? errorId : undefined}>
      <ErrorAlert id={errorId} error={formError} />
      <FormField
        label={t('email_change.new_email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email}
        {...form.register('email')}
      />
      <PasswordField
        label={t('email_change.current_password')}
        autoComplete="current-password"
        error={errors.password}
        {...form.register('password')}
      />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-describedby={hintId}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {busy ? t('email_change.submitting') : t('email_change.submit')}
      </button>
      <p id={hintId} className="form-text mb-0 mt-2">
        {t(user.activated ? 'email_change.submit_hint' : 'email_change.submit_hint_unactivated')}
      </p>
    </form>
  );
}
