import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { MemberPhoto } from '@/components/member-photo';
import { useSettings } from '@/lib/settings-query';
import { toast } from '@/lib/toast';
import { useBlocks, useRefreshAfterBlock, useSetBlocked } from '../api/blocks';

/** The own profile's list of blocked members, each with Unblock (what was hidden comes back). */
export function BlockedMembers() {
  const { t } = useTranslation();
  const blocks = useBlocks();
  const cdnPrefix = useSettings().data?.cdn_prefix ?? '';
  const setBlocked = useSetBlocked();
  const refresh = useRefreshAfterBlock();

  if (blocks.isError) {
    return (
      <LoadError
        error={blocks.error}
        what={t('safety.blocked_load_failed')}
        onRetry={() => void blocks.refetch()}
      />
    );
  }
  if (!blocks.data) return <p className="text-body-secondary mb-0">{t('common.loading')}</p>;
  if (blocks.data.length === 0) {
    return <p className="text-body-secondary mb-0">{t('safety.blocked_none')}</p>;
  }
  return (
    <ul className="list-unstyled mb-0 d-grid gap-2">
      {blocks.data.map((profile) => (
        <li key={profile.id} className="d-flex align-items-center gap-3">
          <span className="chat-avatar flex-shrink-0">
            <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size="thumb" />
          </span>
          <span className="flex-grow-1 min-w-0 text-truncate">
            {profile.name}
            {profile.age !== null && <span className="text-body-secondary">, {profile.age}</span>}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary text-nowrap flex-shrink-0"
            aria-label={t('safety.unblock_member', { name: profile.name })}
            disabled={setBlocked.isPending}
            onClick={() =>
              setBlocked.mutate(
                { profile: profile.id, blocked: false },
                {
                  onSuccess: () => {
                    toast.success(t('safety.unblocked_toast', { name: profile.name }));
                    refresh();
                  },
                  onError: () => toast.error(t('safety.unblock_failed')),
                },
              )
            }
          >
            {t('safety.unblock')}
          </button>
        </li>
      ))}
    </ul>
  );
}
