import type { User } from '@amora/shared/schemas/user';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';

/**
 * Whether only verified members may start a conversation with the member or write to them
 * (issue 48); others are told so and offered verification. Conversations the member started
 * stay open to the answer.
 */
export function VerifiedContactSetting({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateUser();
  const pending = update.isPending
    ? (update.variables as { settings: { verified_contact_only?: boolean } }).settings
        .verified_contact_only
    : undefined;
  const on = pending ?? user.settings.verified_contact_only;
  return (
    <SectionCard
      id="contact-settings"
      title={t('my_profile.verified_contact.title')}
      description={t('my_profile.verified_contact.text')}
    >
      <div className="form-check form-switch mb-0">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={id}
          checked={on}
          aria-checked={on}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate({ settings: { verified_contact_only: event.target.checked } })
          }
        />
        <label className="form-check-label" htmlFor={id}>
          {t('my_profile.verified_contact.label')}
        </label>
      </div>
      {update.error && <ErrorAlert error={update.error} className="mt-3 mb-0" />}
    </SectionCard>
  );
}
