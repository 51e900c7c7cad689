import { PASSWORD_MIN_LENGTH } from '@amora/shared/constants';
import { type PasswordChangeBody, passwordChangeBodySchema } from '@amora/shared/schemas/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PasswordField } from '@/components/password-field';
import { errorCodeOf, useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';

/** The own profile's password card: the current password proves it is the member. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const titleId = useId();
  const change = useChangePassword();
  const form = useForm<PasswordChangeBody>({
    resolver: zodResolver(passwordChangeBodySchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', new_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || change.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
    } catch (error) {
      if (errorCodeOf(error) === 'wrong_password') {
        form.setError('current_password', { type: 'server', message: errorText(error) });
        form.setFocus('current_password');
      }
      return;
    }
    form.reset();
    change.reset();
    toast.success(t('password.changed'));
  });

  // A wrong current password is shown under its field; any other failure above the form.
  const apiError = errorCodeOf(change.error) === 'wrong_password' ? null : change.error;
  const errorId = `${titleId}-error`;

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-body p-4">
        <h2 className="h5 d-flex align-items-center gap-2" id={titleId}>
          <KeyRound size={20} aria-hidden="true" className="text-body-secondary" />
          {t('password.card_title')}
        </h2>
        <p className="text-body-secondary">{t('password.card_intro')}</p>
        <form onSubmit={submit} noValidate aria-describedby={apiError ? errorId : undefined}>
          <ErrorAlert id={errorId} error={apiError} />
          <PasswordField
            label={t('password.current_password')}
            autoComplete="current-password"
            error={errors.current_password}
            {...form.register('current_password')}
          />
          <PasswordField
            label={t('password.new_password')}
            autoComplete="new-password"
            hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.new_password}
            {...form.register('new_password')}
          />
          <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-3">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {busy ? t('password.saving') : t('password.change')}
            </button>
            <Link to="/reset-password" className="small">
              {t('auth.forgot_password')}
            </Link>
          </div>
        </form>
      </div>
    </section>
  );
}
