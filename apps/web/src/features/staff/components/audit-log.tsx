import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { longDateTime } from '@/lib/locale-format';
import { useAuditLog } from '../api/staff-api';
import { PersonLink } from './person-link';

/** Every staff action, newest first; nobody can change or remove an entry. */
export function AuditLog() {
  const { t } = useTranslation();
  const log = useAuditLog();
  if (log.isError) return <LoadError error={log.error} onRetry={() => void log.refetch()} />;
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className="h5">
        {t('staff.sections.audit')}
      </h2>
      <p className="small text-body-secondary">{t('staff.audit.intro')}</p>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">{t('staff.audit.at')}</th>
              <th scope="col">{t('staff.audit.staff')}</th>
              <th scope="col">{t('staff.audit.action')}</th>
              <th scope="col">{t('staff.audit.subject')}</th>
              <th scope="col">{t('staff.audit.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data?.map((entry) => (
              <tr key={entry.id}>
                <td className="text-nowrap small">{longDateTime(entry.at)}</td>
                <td>
                  <PersonLink person={entry.staff} />
                </td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td>{entry.subject ? <PersonLink person={entry.subject} /> : '–'}</td>
                <td className="small">{entry.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {log.data?.length === 0 && <p className="text-body-secondary">{t('staff.audit.empty')}</p>}
      {log.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void log.fetchNextPage()}
        >
          {t('staff.load_more')}
        </button>
      )}
    </section>
  );
}
