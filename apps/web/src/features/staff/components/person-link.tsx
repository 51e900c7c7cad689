import type { Person } from '@amora/shared/schemas/staff';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A member an entry names, linking to their page in the console. */
export function PersonLink({ person }: { person: Person | null }) {
  const { t } = useTranslation();
  if (!person) return <span className="text-body-secondary">{t('staff.erased')}</span>;
  return (
    <Link to={`/admin/members/${person.id}`}>
      {person.name ?? t('staff.no_name')} <span className="text-body-secondary">#{person.id}</span>
    </Link>
  );
}
