import { Outlet } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Wordmark } from '@/components/wordmark';
import { useSiteName } from '@/lib/settings-query';
import { SiteFooter } from './site-footer';

/** Campaign pages: the brand and the language, no app navigation. */
export function LanderLayout() {
  const name = useSiteName();
  return (
    <>
      <header className="container d-flex align-items-center justify-content-between py-3">
        <Wordmark name={name} />
        <LanguageSwitcher compact />
      </header>
      <main id="main" className="container" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
