import {
  PASSWORD_RESET_LINK_HOURS,
  passwordResetRequestSchema,
  type PasswordResetRequest as RequestBody,
} from '@amora/shared/schemas/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * Asks for a reset link. Afterwards it says the same thing whatever the address: the
 * server does not tell whether an account exists, so neither may this screen.
 */
export function PasswordResetRequest({
  title,
  intro,
  defaultEmail = '',
  back,
}: {
  title: string;
  intro: string;
  defaultEmail?: string;
  /** The way back: to the login form, or for a logged-in member to the profile. */
  back: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<RequestBody>({
    resolver: zodResolver(passwordResetRequestSchema),
    mode: 'onTouched',
    values: { email: defaultEmail },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, touchedFields, isSubmitting } = form.formState;
  const busy = isSubmitting || request.isPending;
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // The form is gone once sent: keyboard and screen-reader users continue at the news.
  useEffect(() => {
    if (request.isSuccess) sentHeading.current?.focus();
  }, [request.isSuccess]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch {
      // Shown from request.error below.
    }
  });

  if (request.isSuccess) {
    return (
      <div className="text-center">
        <div
          className="feature-icon mx-auto mb-3"
          aria-hidden="true"
          style={{ width: '4rem', height: '4rem' }}
        >
          <MailCheck />
        </div>
        <div role="status">
          <h1 className="h3" tabIndex={-1} ref={sentHeading}>
            {t('password.sent_title')}
          </h1>
          <p>
            <Trans
              i18nKey="password.sent_text"
              values={{ email: request.variables.email }}
              components={{ strong: <strong className="text-break" /> }}
            />
          </p>
          <p className="text-body-secondary small">
            {t('password.sent_validity', { hours: PASSWORD_RESET_LINK_HOURS })}{' '}
            {t('password.sent_spam')}
          </p>
        </div>
        <div className="d-grid gap-2">
          <Link to={back.to} className="btn btn-primary btn-lg">
            {back.label}
          </Link>
          <button type="button" className="btn btn-link" onClick={() => request.reset()}>
            {t('password.other_address')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      <h1 className="h3 mb-1">{title}</h1>
      <p className="text-body-secondary">{intro}</p>
      <form
        onSubmit={submit}
        noValidate
        aria-describedby={request.error ? 'reset-error' : undefined}
      >
        <ErrorAlert id="reset-error" error={request.error} />
        <FormField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          touched={touchedFields.email}
          {...form.register('email')}
        />
        <button type="submit" className="btn btn-primary btn-lg w-100 mb-3" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {busy ? t('password.sending') : t('password.send')}
        </button>
        <p className="text-center mb-0">
          <Link to={back.to}>{back.label}</Link>
        </p>
      </form>
    </>
  );
}
