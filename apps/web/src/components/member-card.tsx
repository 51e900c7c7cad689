import { showsLanguageBadge } from '@amora/shared/rules/language-badge';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@/lib/i18n';
import { displayName, showsDisplayNames } from '@/lib/locale-format';
import { MemberPhoto } from './member-photo';
import { VerifiedBadge } from './verified-badge';

interface Props {
  profile: PublicProfile;
  cdnPrefix: string;
  /** The link of the photo and name (the profile, or its likes alias). */
  to?: string;
  /** Buttons under the card; nothing when actions are hidden. */
  actions?: ReactNode;
  showCity?: boolean;
}

/**
 * The search result card of spec section 2: photo, name, age (and the verified mark), city,
 * country, language badge.
 */
export function MemberCard({
  profile,
  cdnPrefix,
  to = `/members/${profile.id}`,
  actions,
  showCity = true,
}: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const country = displayName('region', profile.country);
  const language = displayName('language', profile.language);
  const place = [showCity ? profile.city : null, country].filter(Boolean).join(', ');
  return (
    <article className="card member-card h-100" {...showsDisplayNames}>
      <Link
        to={to}
        className="member-card-photo"
        aria-label={t('search.view_profile_of', { name: profile.name })}
      >
        <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size="thumb" />
        {profile.fictional && (
          <span className="fictional-mark" title={t('common.fictional_profile')}>
            <Sparkles size={14} aria-hidden="true" />
            <span className="visually-hidden">{t('common.fictional_profile')}</span>
          </span>
        )}
      </Link>
      <div className="card-body p-2 p-sm-3">
        <h2 className="h6 mb-0 text-truncate">
          <Link to={to} className="text-reset">
            {profile.name}
            {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
            {profile.verified && <VerifiedBadge />}
          </Link>
        </h2>
        {place && <p className="small text-body-secondary mb-1 text-truncate">{place}</p>}
        {showsLanguageBadge(profile, locale) && language && (
          <span className="badge text-bg-light border" title={t('search.speaks', { language })}>
            {profile.language.toUpperCase()}
          </span>
        )}
      </div>
      {actions && (
        <div className="card-footer bg-transparent border-0 pt-0 px-2 px-sm-3 pb-2 pb-sm-3">
          {actions}
        </div>
      )}
    </article>
  );
}
