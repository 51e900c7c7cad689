import type { PublicProfile } from '@amora/shared/schemas/profile';
import { MemberCard } from '@/components/member-card';
import { MemberCardSkeleton } from '@/components/member-card-skeleton';
import { likedIds } from '@/features/likes/api/toggle-like';
import { useLikes } from '@/features/likes/api/use-likes';
import { useSettings } from '@/lib/settings-query';
import { useSession } from '../../session/session-context';
import { MemberActions } from '../members/member-actions';

const SKELETON_KEYS = ['m1', 'm2', 'm3', 'm4'];

/** A grid of suggested members with the usual card actions for members. */
export function MatchGrid({ profiles, loading }: { profiles: PublicProfile[]; loading: boolean }) {
  const cdnPrefix = useSettings().data?.cdn_prefix ?? '/uploads/';
  const { isLoggedIn } = useSession();
  const liked = likedIds(useLikes(isLoggedIn).data);
  return (
    <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3">
      {loading
        ? SKELETON_KEYS.map((key) => (
            <div className="col" key={key}>
              <MemberCardSkeleton />
            </div>
          ))
        : profiles.map((profile) => (
            <div className="col" key={profile.id}>
              <MemberCard
                profile={profile}
                cdnPrefix={cdnPrefix}
                actions={
                  isLoggedIn && <MemberActions profile={profile} liked={liked.has(profile.id)} />
                }
              />
            </div>
          ))}
    </div>
  );
}
