import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Modal } from '@/components/modal';
import { PasswordField } from '@/components/password-field';
import { useReauth } from '../api/staff-api';

/** After 30 quiet minutes the console asks for the password before the next staff call. */
export function ReauthDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const reauth = useReauth();
  const [password, setPassword] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await reauth.mutateAsync(password);
      onDone();
    } catch {
      // Shown below from reauth.error.
    }
  };
  return (
    <Modal
      title={t('staff.reauth.title')}
      onClose={onCancel}
      size="md"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('staff.cancel')}
          </button>
          <button
            type="submit"
            form="staff-reauth"
            className="btn btn-primary"
            disabled={!password || reauth.isPending}
          >
            {t('staff.reauth.confirm')}
          </button>
        </>
      }
    >
      <form id="staff-reauth" onSubmit={submit} noValidate>
        <p>{t('staff.reauth.text')}</p>
        <ErrorAlert error={reauth.error} />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoFocus
        />
      </form>
    </Modal>
  );
}
