import type { User } from '@amora/shared/schemas/user';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';

type Choice = keyof User['settings'];

/**
 * The member's own yes-or-no choices (`user.settings`), each a switch in a card of its own:
 * - `show_flagged_photos` (issue 18): photos the screening flagged show as uploaded, not
 *   blurred; off, the search leaves them out altogether.
 * - `verified_contact_only` (issue 48): only verified members may start a conversation with
 *   the member or write to them; others are told so and offered verification. Conversations
 *   the member started stay open to the answer.
 */
const CHOICES = {
  show_flagged_photos: {
    section: 'photo-settings',
    title: 'my_profile.flagged_photos.title',
    text: 'my_profile.flagged_photos.text',
    label: 'my_profile.flagged_photos.label',
  },
  verified_contact_only: {
    section: 'contact-settings',
    title: 'my_profile.verified_contact.title',
    text: 'my_profile.verified_contact.text',
    label: 'my_profile.verified_contact.label',
  },
} as const satisfies Record<Choice, Record<string, string>>;

export function ChoiceSetting({ user, choice }: { user: User; choice: Choice }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateUser();
  const texts = CHOICES[choice];
  // While saving, the switch shows what was asked for.
  const asked = update.isPending
    ? (update.variables as { settings: Partial<User['settings']> }).settings[choice]
    : undefined;
  const on = asked ?? user.settings[choice];
  return (
    <SectionCard id={texts.section} title={t(texts.title)} description={t(texts.text)}>
      <div className="form-check form-switch mb-0">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={id}
          checked={on}
          aria-checked={on}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ settings: { [choice]: event.target.checked } })}
        />
        <label className="form-check-label" htmlFor={id}>
          {t(texts.label)}
        </label>
      </div>
      {update.error && <ErrorAlert error={update.error} className="mt-3 mb-0" />}
    </SectionCard>
  );
}
