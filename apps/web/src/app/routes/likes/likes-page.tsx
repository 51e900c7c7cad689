import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { MemberCard } from '@/components/member-card';
import { MemberGridSkeleton } from '@/components/member-card-skeleton';
import { PageHeader } from '@/components/page-header';
import { likedIds } from '@/features/likes/api/toggle-like';
import { useLikes } from '@/features/likes/api/use-likes';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MemberActions } from '../members/member-actions';

const TABS = ['received', 'given'] as const;
/** /likes and /likes/{type}: who likes me (new first) and whom I like. */
export function Component() {
  const { t } = useTranslation();
  const { type } = useParams();
  const tab = type === 'given' ? 'given' : 'received';
  const settings = useSettings().data;
  const likes = useLikes(true);
  const liked = likedIds(likes.data);
  useDocumentTitle(t('routes.likes.title'));

  // New likes first, then the most recent (the server already orders them so).
  const received = likes.data?.liked_by ?? [];
  const given = likes.data?.profiles ?? [];
  const items =
    tab === 'received'
      ? received.map((entry) => ({ profile: entry.profile, isNew: entry.like_new }))
      : given.map((profile) => ({ profile, isNew: false }));

  return (
    <div className="py-2">
      <PageHeader title={t('routes.likes.title')} />
      <nav className="nav nav-pills mb-3" aria-label={t('likes.tabs')}>
        {TABS.map((name) => (
          <NavLink
            key={name}
            to={`/likes/${name}`}
            className={() => `nav-link ${tab === name ? 'active' : ''}`}
            aria-current={tab === name ? 'page' : undefined}
          >
            {t(`likes.tab_${name}`)}
            {name === 'received' && received.some((e) => e.like_new) && (
              <span className="badge text-bg-light ms-2">
                {received.filter((e) => e.like_new).length}
              </span>
            )}
          </NavLink>
        ))}
      </nav>
      {likes.isPending && <MemberGridSkeleton count={4} />}
      {likes.isSuccess && items.length === 0 && (
        <EmptyState
          icon={<HeartHandshake />}
          title={t(`likes.empty_${tab}_title`)}
          text={t(`likes.empty_${tab}_text`)}
          action={
            <Link to="/members" className="btn btn-primary">
              {t('routes.to_members')}
            </Link>
          }
        />
      )}
      {items.length > 0 && settings && (
        <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3">
          {items.map(({ profile, isNew }) => (
            <div className="col position-relative" key={profile.id}>
              {isNew && (
                <span className="badge text-bg-primary position-absolute new-like-badge">
                  {t('likes.new')}
                </span>
              )}
              <MemberCard
                profile={profile}
                cdnPrefix={settings.cdn_prefix}
                to={`/likes/m/${profile.id}`}
                actions={
                  <MemberActions profile={profile} liked={liked.has(profile.id)} onLikesRoute />
                }
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
