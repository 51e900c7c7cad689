import { PASSWORD_MIN_LENGTH } from '@amora/shared/constants';
import {
  newPasswordFormSchema,
  type NewPasswordForm as Values,
} from '@amora/shared/schemas/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PasswordField } from '@/components/password-field';
import { errorCodeOf } from '@/lib/error-text';
import { useResetPassword } from '../api/reset-password';

/**
 * The new password, twice, for the token from the reset mail. `onInvalidToken` is told
 * when the server finds the link used or expired after all (say, used in another tab).
 */
export function NewPasswordForm({
  token,
  onDone,
  onInvalidToken,
}: {
  token: string;
  onDone: () => void;
  onInvalidToken: () => void;
}) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm<Values>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', repeat: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || reset.isPending;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      if (errorCodeOf(error) === 'invalid_token') onInvalidToken();
      return;
    }
    onDone();
  });

  // An invalid link is the page's to explain (onInvalidToken); any other failure shows here.
  const failure = errorCodeOf(reset.error) === 'invalid_token' ? null : reset.error;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-describedby={failure ? 'new-password-error' : undefined}
    >
      <ErrorAlert id="new-password-error" error={failure} />
      <PasswordField
        label={t('password.new_password')}
        autoComplete="new-password"
        hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
        {...form.register('password', {
          // The repeat is checked again as the password changes, once it has been filled in:
          // before that, its error would show while it is being typed and vanish on leaving
          // it, moving the button away from a click on it.
          onChange: () => {
            if (form.getFieldState('repeat').isTouched) void form.trigger('repeat');
          },
        })}
      />
      <PasswordField
        label={t('password.repeat_password')}
        autoComplete="new-password"
        error={errors.repeat}
        {...form.register('repeat')}
      />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {busy ? t('password.saving') : t('password.save')}
      </button>
    </form>
  );
}
