import { useTranslation } from 'react-i18next';

/** Jump links to the parts of the long profile page (handy on phones). */
export function ProfileSectionNav({ showInterests }: { showInterests: boolean }) {
  const { t } = useTranslation();
  const sections = [
    ['photos', t('my_profile.photos.title')],
    ['verification', t('verification.title')],
    ['details', t('my_profile.details.title')],
    ['location', t('my_profile.location.title')],
    ['about', t('my_profile.about.title')],
    ...(showInterests ? [['interests', t('my_profile.interests.title')]] : []),
    ['account', t('my_profile.account')],
  ] as const;
  return (
    <nav className="profile-section-nav mb-3" aria-label={t('my_profile.sections')}>
      <ul className="nav nav-pills flex-nowrap">
        {sections.map(([id, label]) => (
          <li key={id} className="nav-item">
            <a className="nav-link" href={`#${id}`}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
