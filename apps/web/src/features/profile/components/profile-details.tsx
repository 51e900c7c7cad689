import { INTERESTS, PROFILE_FIELDS, PROFILE_NOTES } from '@amora/shared/rules/profile-fields';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Settings } from '@amora/shared/schemas/site';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const KNOWN_INTERESTS = new Set<string>(INTERESTS);
const KNOWN_NOTES = new Set<string>(PROFILE_NOTES);

/** Notes (settings.visible_profile_notes), details (visible_profile_fields) and interests. */
export function ProfileDetails({
  profile,
  settings,
}: {
  profile: PublicProfile;
  settings: Settings;
}) {
  const { t } = useTranslation();
  const notes = settings.visible_profile_notes.flatMap((key) => {
    const text = KNOWN_NOTES.has(key) ? profile.notes[key]?.trim() : undefined;
    return text ? [{ key, text }] : [];
  });
  const details = settings.visible_profile_fields.flatMap((field) => {
    const value = profile.fields[field];
    const allowed: readonly string[] | undefined =
      PROFILE_FIELDS[field as keyof typeof PROFILE_FIELDS];
    if (!value || !allowed?.includes(value)) return [];
    return [
      {
        field,
        label: t(`profile_fields.${field}.label`),
        value: t(`profile_fields.${field}.values.${value}`),
      },
    ];
  });
  const interests = profile.interests.filter((id) => KNOWN_INTERESTS.has(id));

  if (notes.length === 0 && details.length === 0 && interests.length === 0) {
    return <p className="text-body-secondary">{t('member.nothing_yet', { name: profile.name })}</p>;
  }
  return (
    <>
      {notes.map(({ key, text }) => (
        <InfoCard key={key} id={`note-${key}`} title={t(`member.notes.${key}`)}>
          <p className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
            {text}
          </p>
        </InfoCard>
      ))}
      {details.length > 0 && (
        <InfoCard id="profile-details" title={t('member.details')}>
          <dl className="row mb-0">
            {details.map(({ field, label, value }) => (
              <div className="col-sm-6 mb-2" key={field}>
                <dt className="small fw-normal text-body-secondary">{label}</dt>
                <dd className="mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        </InfoCard>
      )}
      {interests.length > 0 && (
        <InfoCard id="profile-interests" title={t('member.interests')}>
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {interests.map((id) => (
              <li key={id} className="badge rounded-pill text-bg-light border fw-normal fs-6">
                {t(`interests.${id}`)}
              </li>
            ))}
          </ul>
        </InfoCard>
      )}
    </>
  );
}

/** One titled card of the profile, named by its heading for screen readers. */
function InfoCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 className="h5" id={id}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
