import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Named = { name: string; deleted?: boolean };

/** The name to show or read out for a member; a deleted member has none of their own. */
export const memberName = (profile: Named, t: TFunction) =>
  profile.deleted ? t('account_delete.deleted_member') : profile.name;

/** A member's name, or a muted "Deleted member" for someone who deleted their account. */
export function MemberName({ profile }: { profile: Named }) {
  const { t } = useTranslation();
  if (profile.deleted) {
    return <span className="fst-italic text-body-secondary">{memberName(profile, t)}</span>;
  }
  return <>{profile.name}</>;
}
