import { PASSWORD_MIN_LENGTH } from '@amora/shared/constants';
import {
  newPasswordFormSchema,
  type NewPasswordForm as Values,
} from '@amora/shared/schemas/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';

const ERROR_KEYS: Record<string, string> = {
  network: 'common.network_error',
};

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
      if (error instanceof ApiError && error.code === 'invalid_token') onInvalidToken();
      return;
    }
    onDone();
  });

  const apiError =
    reset.error instanceof ApiError && reset.error.code !== 'invalid_token' ? reset.error : null;
  const errorText = apiError ? t(ERROR_KEYS[apiError.code] ?? 'common.something_went_wrong') : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-describedby={errorText ? 'new-password-error' : undefined}
    >
      {errorText && (
        <div id="new-password-error" className="alert alert-danger" role="alert">
          {errorText}
        </div>
      )}
      <PasswordField
        label={t('password.new_password')}
        autoComplete="new-password"
        hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
        {...form.register('password', { deps: 'repeat' })}
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
