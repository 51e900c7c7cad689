import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Settings } from '@amora/shared/schemas/site';
import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { Languages, MapPin, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VerifiedBadge } from '@/components/verified-badge';
import { displayName } from '@/lib/locale-format';
import { useRegions } from '@/lib/regions-query';

/** Name and age, the verified and fictional marks, where they live and the language they speak. */
export function ProfileHeader({
  profile,
  settings,
}: {
  profile: PublicProfile;
  settings: Settings;
}) {
  const { t } = useTranslation();
  const regions = useRegions().data;
  // A site without regions (settings.region_data) names none, whatever a profile still holds.
  const region =
    settings.region_data && profile.country
      ? regions?.[profile.country]?.find((r) => r.id === profile.countryregion)?.name
      : undefined;
  const place = [
    ...new Set(
      [
        CLASSIC_TEMPLATE.memberDetails.showCity ? profile.city : null,
        region,
        displayName('region', profile.country),
      ].filter((part): part is string => Boolean(part)),
    ),
  ].join(', ');
  const language = displayName('language', profile.language);
  return (
    <header>
      <h1 id="profile-name" className="mb-1" style={{ fontSize: 'clamp(1.75rem, 5vw, 2.5rem)' }}>
        {profile.name}
        {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
      </h1>
      {(profile.verified || (profile.fictional && settings.fictional_icon)) && (
        <div className="d-flex flex-wrap gap-2 mb-2">
          {profile.verified && <VerifiedBadge size={14} labelled />}
          {profile.fictional && settings.fictional_icon && (
            <span className="badge rounded-pill bg-primary-subtle text-primary-emphasis d-inline-flex align-items-center gap-1">
              <Sparkles size={14} aria-hidden="true" />
              {t('common.fictional_profile')}
            </span>
          )}
        </div>
      )}
      <ul className="list-unstyled text-body-secondary mb-0">
        {profile.gender && <li>{t(`profile.gender_${profile.gender}`)}</li>}
        {place && (
          <li className="d-flex align-items-center gap-2">
            <MapPin size={16} aria-hidden="true" />
            {place}
          </li>
        )}
        {language && (
          <li className="d-flex align-items-center gap-2">
            <Languages size={16} aria-hidden="true" />
            {t('search.speaks', { language })}
          </li>
        )}
      </ul>
    </header>
  );
}
