import { useTranslation } from 'react-i18next';

const STYLE = { active: 'text-bg-success', banned: 'text-bg-danger', deleted: 'text-bg-secondary' };

/** A member's account status, in words and color. */
export function StatusBadge({ status }: { status: 'active' | 'banned' | 'deleted' }) {
  const { t } = useTranslation();
  return <span className={`badge ${STYLE[status]}`}>{t(`staff.status.${status}`)}</span>;
}
