import { useTranslation } from 'react-i18next';

/** How far a photo upload has come (0 to 1), as a labelled Bootstrap progress bar. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-3">
      <div
        className="progress"
        role="progressbar"
        aria-label={t('signup.photo.uploading')}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="small text-body-secondary mt-1 mb-0">{t('signup.photo.uploading')}</p>
    </div>
  );
}
