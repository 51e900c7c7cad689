import type { LoginBody } from '@amora/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { lazyZodResolver } from '@/components/lazy-zod-resolver';
import { PasswordField } from '@/components/password-field';
import { ApiError } from '@/lib/api-client';
import { errorCodeOf } from '@/lib/error-text';
import { useLogin } from '../api/login';

/** E-mail and password, with errors in place; `onLoggedIn` decides where to go next. */
const resolver = lazyZodResolver<LoginBody>(() =>
  import('@amora/shared/schemas/auth').then((module) => module.loginBodySchema),
);

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const navigate = useNavigate();
  const form = useForm<LoginBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, touchedFields, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      onLoggedIn();
    } catch (error) {
      // A banned member learns why on the ban page, with the way to appeal.
      if (error instanceof ApiError && error.code === 'banned') {
        navigate('/pages/ban', { state: { banReason: error.reason ?? '' } });
      }
      // Any other message is shown from login.error below.
    }
  });

  const busy = isSubmitting || login.isPending;

  return (
    <form onSubmit={submit} noValidate aria-describedby={login.error ? 'login-error' : undefined}>
      <ErrorAlert id="login-error" error={login.error}>
        {errorCodeOf(login.error) === 'banned' && (
          <>
            {' '}
            <Link to="/pages/ban">{t('auth.ban_info')}</Link>
          </>
        )}
      </ErrorAlert>
      <FormField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email}
        touched={touchedFields.email}
        {...form.register('email')}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        error={errors.password}
        {...form.register('password')}
      />
      <div className="d-flex justify-content-end mb-3">
        <Link to="/reset-password" className="small">
          {t('auth.forgot_password')}
        </Link>
      </div>
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {busy ? t('auth.submitting') : t('auth.submit')}
      </button>
    </form>
  );
}
