import type { PublicProfile } from '@amora/shared/schemas/profile';
import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { UsersRound } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { MemberCard } from '@/components/member-card';
import { MemberGridSkeleton } from '@/components/member-card-skeleton';
import { useSimilar } from '../api/get-similar';

/**
 * Up to 8 members like this one; a failed load only logs (spec section 8). `actions`: the
 * buttons under each card, which the page composes from other features.
 */
export function SimilarMembers({
  profile,
  cdnPrefix,
  isLoggedIn,
  actions,
}: {
  profile: PublicProfile;
  cdnPrefix: string;
  isLoggedIn: boolean;
  actions?: (member: PublicProfile) => ReactNode;
}) {
  const { t } = useTranslation();
  const similar = useSimilar(profile.id);
  useEffect(() => {
    if (similar.error) console.warn('Similar profiles failed to load', similar.error);
  }, [similar.error]);
  if (similar.isError) return null;
  return (
    <section className="mt-5" aria-labelledby="similar-heading" aria-busy={similar.isPending}>
      <h2 className="h4 mb-3" id="similar-heading">
        {t('member.similar')}
      </h2>
      {similar.isPending && <MemberGridSkeleton count={4} />}
      {similar.data?.length === 0 && (
        <EmptyState
          icon={<UsersRound />}
          title={t('member.similar_empty_title')}
          text={
            isLoggedIn ? t('member.similar_empty_text') : t('member.similar_empty_text_visitor')
          }
          action={
            isLoggedIn ? (
              <Link to="/members" className="btn btn-primary">
                {t('member.browse_members')}
              </Link>
            ) : (
              <Link to="/signup" className="btn btn-primary">
                {t('member.visitor_signup')}
              </Link>
            )
          }
        />
      )}
      {similar.data && similar.data.length > 0 && (
        <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3">
          {similar.data.map((member) => (
            <div className="col" key={member.id}>
              <MemberCard
                profile={member}
                cdnPrefix={cdnPrefix}
                showCity={CLASSIC_TEMPLATE.memberDetails.showCity}
                actions={actions?.(member)}
              />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
