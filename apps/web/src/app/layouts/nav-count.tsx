import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '@/components/count-badge';
import { useSession } from '../session/session-context';
import type { NAV_ITEMS } from './nav-items';

/** The unread-message or new-like count of one navigation item. */
export function NavCount({ count }: { count: (typeof NAV_ITEMS)[number]['count'] }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!count || !CLASSIC_TEMPLATE.navigation.showCounts) return null;
  const value = session[count];
  const label =
    count === 'newLikes'
      ? t('nav.new_likes', { count: value })
      : t('nav.unread_messages', { count: value });
  return <CountBadge count={value} label={label} />;
}
