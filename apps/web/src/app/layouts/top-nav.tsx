import { LogOut, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Wordmark } from '@/components/wordmark';
import { useSiteName } from '@/lib/settings-query';
import { useSession } from '../session/session-context';
import { NavCount } from './nav-count';
import { NAV_ITEMS } from './nav-items';

/** The top bar: on desktops it carries the member navigation, on phones just brand and actions. */
export function TopNav() {
  const { t } = useTranslation();
  const { isLoggedIn, logout, user } = useSession();
  const name = useSiteName();
  return (
    <header className="app-topbar">
      <div
        className="container d-flex align-items-center gap-3 py-2"
        style={{ minHeight: 'var(--amora-nav-height)' }}
      >
        <Wordmark name={name} to={isLoggedIn ? '/members' : '/'} />
        {isLoggedIn && (
          <nav
            aria-label={t('nav.main')}
            className="d-none d-md-flex flex-grow-1 justify-content-center gap-1"
          >
            {NAV_ITEMS.map(({ key, to, icon: Icon, count }) => (
              <NavLink key={key} to={to} className="app-nav-link">
                <Icon aria-hidden="true" />
                <span>{t(`nav.${key}`)}</span>
                <NavCount count={count} />
              </NavLink>
            ))}
          </nav>
        )}
        <div className="ms-auto d-flex align-items-center gap-2">
          {user?.staff && (
            <Link
              to="/admin"
              className="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-1"
            >
              <ShieldCheck size={18} aria-hidden="true" />
              <span className="d-none d-lg-inline">{t('nav.staff')}</span>
              <span className="visually-hidden d-lg-none">{t('nav.staff')}</span>
            </Link>
          )}
          <LanguageSwitcher compact />
          {isLoggedIn ? (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-1"
              onClick={() => void logout()}
            >
              <LogOut size={18} aria-hidden="true" />
              <span className="d-none d-sm-inline">{t('nav.logout')}</span>
              <span className="visually-hidden d-sm-none">{t('nav.logout')}</span>
            </button>
          ) : (
            <>
              <Link
                to="/login"
                className="btn btn-outline-primary btn-sm d-none d-sm-inline-flex align-items-center"
              >
                {t('nav.login')}
              </Link>
              <Link
                to="/signup"
                className="btn btn-primary btn-sm d-inline-flex align-items-center text-nowrap"
              >
                <span className="d-none d-sm-inline">{t('nav.signup')}</span>
                <span className="d-sm-none">{t('nav.signup_short')}</span>
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
