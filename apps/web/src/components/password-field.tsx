import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './form-field';

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<ComponentProps<typeof FormField>, 'type' | 'after'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <FormField
      {...props}
      type={shown ? 'text' : 'password'}
      after={
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => setShown((v) => !v)}
          aria-label={shown ? t('auth.hide_password') : t('auth.show_password')}
          aria-pressed={shown}
        >
          {shown ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      }
    />
  );
}
