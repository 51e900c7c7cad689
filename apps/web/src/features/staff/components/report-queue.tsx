import type { ReportAction, StaffReport } from '@amora/shared/schemas/staff';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { longDateTime } from '@/lib/locale-format';
import { useReportAction, useReports } from '../api/staff-api';
import { NoteField } from './note-field';
import { PersonLink } from './person-link';

function Evidence({ report }: { report: StaffReport }) {
  const { t } = useTranslation();
  const { evidence } = report;
  if (evidence.kind === 'photo') {
    return (
      <img
        src={evidence.url}
        alt={t('staff.reports.evidence_photo')}
        className="rounded border staff-evidence-photo"
      />
    );
  }
  if (evidence.kind === 'messages') {
    return (
      <ol className="list-unstyled small border rounded p-2 mb-0 staff-evidence-messages">
        {evidence.messages.map((message, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a stored list that never reorders.
          <li key={i} className="mb-1">
            <span
              className={
                message.sender_id === report.subject?.id ? 'fw-semibold text-danger' : 'fw-semibold'
              }
            >
              {message.sender_id === report.subject?.id
                ? (report.subject?.name ?? t('staff.erased'))
                : (report.reporter?.name ?? t('staff.erased'))}
              :
            </span>{' '}
            {message.text}
          </li>
        ))}
      </ol>
    );
  }
  return <p className="small text-body-secondary mb-0">{t('staff.reports.no_evidence')}</p>;
}

const CLOSING: Exclude<ReportAction, 'claim'>[] = ['dismiss', 'warn', 'remove_photo', 'ban'];

/** One open report: claimed first, then closed with a note and one of the four actions. */
function WorkPanel({ report }: { report: StaffReport }) {
  const { t } = useTranslation();
  const action = useReportAction();
  const [claimed, setClaimed] = useState(false);
  const [note, setNote] = useState('');
  const claim = async () => {
    try {
      await action.mutateAsync({ report: report.id, action: 'claim' });
      setClaimed(true);
    } catch {
      // Shown from action.error.
    }
  };
  return (
    <div className="mt-3">
      <ErrorAlert error={action.error} />
      {!claimed ? (
        <button
          type="button"
          className="btn btn-primary"
          onClick={claim}
          disabled={action.isPending}
        >
          {t('staff.reports.work')}
        </button>
      ) : (
        <>
          <NoteField
            label={t('staff.reports.note')}
            hint={t('staff.reports.note_hint')}
            value={note}
            onChange={setNote}
          />
          <div className="d-flex flex-wrap gap-2">
            {CLOSING.filter(
              (name) => name !== 'remove_photo' || report.evidence.kind === 'photo',
            ).map((name) => (
              <button
                key={name}
                type="button"
                className={`btn ${name === 'ban' ? 'btn-danger' : name === 'dismiss' ? 'btn-outline-secondary' : 'btn-outline-primary'}`}
                disabled={!note.trim() || action.isPending}
                onClick={() =>
                  void action
                    .mutateAsync({ report: report.id, action: name, note: note.trim() })
                    .catch(() => undefined)
                }
              >
                {t(`staff.reports.actions.${name}`)}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** The report queue: underage first, then the oldest; open or closed. */
export function ReportQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const reports = useReports(status);
  return (
    <section aria-labelledby="reports-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="reports-title" className="h5 mb-0">
          {t('staff.sections.reports')}
        </h2>
        <fieldset className="btn-group btn-group-sm">
          <legend className="visually-hidden">{t('staff.reports.status_label')}</legend>
          {(['open', 'closed'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={`btn ${status === value ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
            >
              {t(`staff.reports.status.${value}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {reports.isError && (
        <LoadError error={reports.error} onRetry={() => void reports.refetch()} />
      )}
      {reports.data?.length === 0 && (
        <EmptyState icon={<Inbox />} title={t('staff.reports.empty')} />
      )}
      <ul className="list-unstyled d-grid gap-3">
        {reports.data?.map((report) => (
          <li key={report.id} className="card">
            <div className="card-body">
              <div className="d-flex flex-wrap gap-2 align-items-baseline mb-2">
                <span
                  className={`badge ${report.reason === 'underage' ? 'text-bg-danger' : 'text-bg-warning'}`}
                >
                  {t(`safety.reasons.${report.reason}`)}
                </span>
                <span className="small text-body-secondary">
                  #{report.id} · {longDateTime(report.created_at)}
                </span>
              </div>
              <p className="mb-2">
                <PersonLink person={report.reporter} /> {t('staff.reports.reported')}{' '}
                <PersonLink person={report.subject} />
              </p>
              <Evidence report={report} />
              {report.status === 'open' && <WorkPanel report={report} />}
            </div>
          </li>
        ))}
      </ul>
      {reports.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void reports.fetchNextPage()}
          disabled={reports.isFetchingNextPage}
        >
          {t('staff.load_more')}
        </button>
      )}
    </section>
  );
}
