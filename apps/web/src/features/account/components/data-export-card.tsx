import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { SectionCard } from '@/components/section-card';
import { longDateTime } from '@/lib/locale-format';
import { useDataExport, useRequestDataExport } from '../api/data-export';

/**
 * "Download my data" on the own profile (issue 19): ask for a copy, watch it being prepared,
 * download it once within a day.
 */
export function DataExportCard() {
  const { t } = useTranslation();
  const current = useDataExport();
  const request = useRequestDataExport();
  const state = current.data;

  let body = null;
  if (current.isError) {
    body = (
      <LoadError
        error={current.error}
        what={t('data_export.load_failed')}
        onRetry={() => void current.refetch()}
      />
    );
  } else if (state?.status === 'pending') {
    body = (
      <div role="status">
        <p className="mb-2">{t('data_export.preparing')}</p>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('data_export.progress')}
          aria-valuenow={state.progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="progress-bar" style={{ width: `${state.progress}%` }} />
        </div>
      </div>
    );
  } else if (state?.status === 'ready' && state.download_url) {
    body = (
      <div>
        <a
          className="btn btn-primary d-inline-flex align-items-center gap-2"
          href={state.download_url}
          download
          onClick={() => window.setTimeout(() => void current.refetch(), 2000)}
        >
          <Download size={18} aria-hidden="true" />
          {t('data_export.download')}
        </a>
        <p className="form-text mb-0 mt-2">
          {t('data_export.ready_until', {
            time: longDateTime(state.expires_at ?? state.created_at),
          })}
        </p>
      </div>
    );
  } else {
    body = (
      <>
        {state?.status === 'downloaded' && (
          <p className="text-body-secondary">{t('data_export.downloaded')}</p>
        )}
        {state?.status === 'failed' && <p className="text-danger">{t('data_export.failed')}</p>}
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={request.isPending || current.isPending}
          onClick={() => request.mutate()}
        >
          {t('data_export.request')}
        </button>
        {request.error && <ErrorAlert error={request.error} className="mt-3 mb-0" />}
      </>
    );
  }

  return (
    <SectionCard id="my-data" title={t('data_export.title')} description={t('data_export.text')}>
      {body}
    </SectionCard>
  );
}
