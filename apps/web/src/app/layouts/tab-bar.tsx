import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NavCount } from './nav-count';
import { NAV_ITEMS } from './nav-items';

/** The bottom tab bar on phones (hidden from md up, where the top bar has the items). */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="app-tabbar" aria-label={t('nav.main')}>
      {NAV_ITEMS.map(({ key, to, icon: Icon, count }) => (
        <NavLink key={key} to={to}>
          <Icon aria-hidden="true" />
          <span>{t(`nav.${key}`)}</span>
          <NavCount count={count} />
        </NavLink>
      ))}
    </nav>
  );
}
