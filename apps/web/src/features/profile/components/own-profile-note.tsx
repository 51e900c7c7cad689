import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The viewer's own profile: no like or message, a way to edit it instead. */
export function OwnProfileNote() {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <span className="text-body-secondary">{t('member.own_profile')}</span>
      <Link
        to="/profile"
        className="btn btn-outline-primary d-inline-flex align-items-center gap-2"
      >
        <Pencil size={18} aria-hidden="true" />
        {t('member.edit_profile')}
      </Link>
    </div>
  );
}
