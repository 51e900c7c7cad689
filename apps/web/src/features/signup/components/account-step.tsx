import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '@/components/form-field';
import { lazyZodResolver } from '@/components/lazy-zod-resolver';
import { PasswordField } from '@/components/password-field';
import { useErrorText } from '@/lib/error-text';
import { useTakenOver } from '@/lib/use-taken-over';
import { useEmailStatus } from '../api/validate-email';
import { LegalModal } from './legal-modal';
import { useMailSuggestion } from './use-mail-suggestion';

/** "anna.de.vries@…" → "Anna de vries": a friendly first guess, never more than 150 characters. */
function nameFromEmail(email: string): string {
  const local = email.split('@')[0]?.trim() ?? '';
  if (!email.includes('@') || !local) return '';
  const words =
    local
      .replace(/[._+-]+/g, ' ')
      .replace(/\d+/g, '')
      .trim() || local;
  return (words.charAt(0).toUpperCase() + words.slice(1)).slice(0, 150);
}

export interface AccountValues {
  email: string;
  name: string;
  password: string;
}

const resolver = lazyZodResolver<AccountValues>(
  () => import('@amora/shared/schemas/signup').then((module) => module.accountFieldsSchema),
  { emptyIsInvalid: true },
);

/** Step 0: e-mail (checked by the server as you type), name and password. */
export function AccountStep({ onSubmit }: { onSubmit: (values: AccountValues) => Promise<void> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [legal, setLegal] = useState<'terms' | 'privacy' | null>(null);
  const form = useForm<AccountValues>({
    resolver,
    mode: 'onChange',
    defaultValues: { email: '', name: '', password: '' },
  });
  const { errors, touchedFields, dirtyFields, isSubmitting, isValid } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const status = useEmailStatus(email);
  const emailStatus =
    status.data && status.data.email === email.trim().toLowerCase() ? status.data.status : null;
  const suggested = useMailSuggestion(email);
  const suggestion = emailStatus === 'new' || emailStatus === null ? suggested : null;
  const statusBlocks = emailStatus !== null && emailStatus !== 'new';

  // An empty name is filled from the address's local part as it is typed, and follows it
  // until the visitor types a name of their own.
  const autoName = useRef('');
  useEffect(() => {
    const current = form.getValues('name');
    if (current !== '' && current !== autoName.current) return;
    const next = nameFromEmail(email);
    autoName.current = next;
    if (next !== current) form.setValue('name', next, { shouldValidate: next !== '' });
  }, [email, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // Spec section 8: a failed signup is reported with a browser alert; the form stays.
      window.alert(t('signup.failed', { message: errorText(error) }));
    }
  });

  const statusHint = () => {
    if (emailStatus === 'active' || emailStatus === 'not_confirmed') {
      return (
        <Trans i18nKey="signup.email_status.active" components={{ login: <Link to="/login" /> }} />
      );
    }
    if (emailStatus === 'deleted') {
      return (
        <Trans
          i18nKey="signup.email_status.deleted"
          components={{ service: <Link to="/pages/service" /> }}
        />
      );
    }
    if (emailStatus === 'invalid') return t('signup.email_status.invalid');
    return undefined;
  };

  // As the server renders it, never disabled: an Enter before the app is there is held for it.
  const takenOver = useTakenOver();
  const submitDisabled = takenOver && (isSubmitting || !isValid || statusBlocks);

  return (
    <form onSubmit={submit} noValidate>
      <FormField
        label={t('signup.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email ?? statusHint()}
        touched={(touchedFields.email || dirtyFields.email) && emailStatus === 'new'}
        hint={
          suggestion ? (
            <button
              type="button"
              className="btn btn-link p-0 align-baseline"
              onClick={() =>
                form.setValue('email', suggestion, { shouldValidate: true, shouldDirty: true })
              }
            >
              {t('signup.did_you_mean', { email: suggestion })}
            </button>
          ) : emailStatus === 'new' ? (
            t('signup.email_ok')
          ) : undefined
        }
        {...form.register('email')}
      />
      <FormField
        label={t('signup.name')}
        autoComplete="given-name"
        maxLength={150}
        error={errors.name}
        touched={touchedFields.name}
        hint={t('signup.name_hint')}
        {...form.register('name')}
      />
      <PasswordField
        label={t('signup.password')}
        autoComplete="new-password"
        error={errors.password}
        touched={touchedFields.password}
        hint={t('signup.password_hint')}
        {...form.register('password')}
      />
      <p className="small text-body-secondary">
        <Trans
          i18nKey="signup.legal_note"
          components={{
            terms: (
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                onClick={() => setLegal('terms')}
              />
            ),
            privacy: (
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                onClick={() => setLegal('privacy')}
              />
            ),
          }}
        />
      </p>
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={submitDisabled}>
        {isSubmitting && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {isSubmitting ? t('signup.creating') : t('signup.create_account')}
      </button>
      <p className="text-center mt-3 mb-0">
        {t('signup.have_account')} <Link to="/login">{t('nav.login')}</Link>
      </p>
      {legal && <LegalModal document={legal} onClose={() => setLegal(null)} />}
    </form>
  );
}
