import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { TabBar } from '../../layouts/tab-bar';
import { TopNav } from '../../layouts/top-nav';
import { type Session, SessionContext } from '../../session/session-context';
import { DemoOnly } from './demo-only';

const noLogout = async () => {};
/** The navigation's states; logging out here does nothing. */
const STATES: { key: string; session: Session }[] = [
  {
    key: 'logged_out',
    session: {
      user: null,
      isLoggedIn: false,
      isLoggingOut: false,
      unreadMessages: 0,
      newLikes: 0,
      logout: noLogout,
    },
  },
  {
    key: 'member',
    session: {
      user: null,
      isLoggedIn: true,
      isLoggingOut: false,
      unreadMessages: 0,
      newLikes: 0,
      logout: noLogout,
    },
  },
  {
    key: 'member_with_news',
    session: {
      user: null,
      isLoggedIn: true,
      isLoggingOut: false,
      unreadMessages: 3,
      newLikes: 12,
      logout: noLogout,
    },
  },
];

/** /_dev/top-nav: the top bar and the phone tab bar as a visitor and as a member. */
function TopNavPreview() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.dev-top-nav.title'));
  return (
    <div className="container py-4">
      <PageHeader title={t('routes.dev-top-nav.title')}>{t('routes.dev-top-nav.text')}</PageHeader>
      {STATES.map(({ key, session }) => (
        <section key={key} className="mb-4" aria-labelledby={`state-${key}`}>
          <h2 id={`state-${key}`} className="h6 fw-semibold">
            {t(`dev.${key}`)}
          </h2>
          <SessionContext.Provider value={session}>
            <div className="card overflow-hidden dev-preview">
              <TopNav />
              {session.isLoggedIn && <TabBar />}
            </div>
          </SessionContext.Provider>
        </section>
      ))}
    </div>
  );
}

export function Component() {
  return (
    <DemoOnly>
      <TopNavPreview />
    </DemoOnly>
  );
}
