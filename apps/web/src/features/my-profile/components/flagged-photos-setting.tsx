import type { User } from '@amora/shared/schemas/user';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';

/**
 * Whether photos the screening flagged show blurred (the default) or as uploaded (issue 18).
 * Off, the search leaves them out altogether.
 */
export function FlaggedPhotosSetting({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateUser();
  const on = update.isPending
    ? (update.variables as { settings: { show_flagged_photos: boolean } }).settings
        .show_flagged_photos
    : user.settings.show_flagged_photos;
  return (
    <SectionCard
      id="photo-settings"
      title={t('my_profile.flagged_photos.title')}
      description={t('my_profile.flagged_photos.text')}
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
            update.mutate({ settings: { show_flagged_photos: event.target.checked } })
          }
        />
        <label className="form-check-label" htmlFor={id}>
          {t('my_profile.flagged_photos.label')}
        </label>
      </div>
      {update.error && <ErrorAlert error={update.error} className="mt-3 mb-0" />}
    </SectionCard>
  );
}
