import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '@amora/shared/schemas/staff';
import { ImageOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { longDateTime } from '@/lib/locale-format';
import { usePhotoAction, usePhotoQueue } from '../api/staff-api';
import { PersonLink } from './person-link';

/** Whether a key press belongs to a form control (typing there is not a queue command). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);

/**
 * The photo queue: flagged photos first, then new ones, one at a time with the rest in a
 * grid below. A approves, R rejects with the chosen reason; the next photo shows at once.
 */
export function PhotoQueue() {
  const { t } = useTranslation();
  const queue = usePhotoQueue();
  const action = usePhotoAction();
  const reasonId = useId();
  const [reason, setReason] = useState<PhotoRejectReason>('nudity');
  // Decided here already: hidden at once, while the list reloads behind.
  const [done, setDone] = useState<Set<number>>(() => new Set());
  const waiting = (queue.data ?? []).filter((photo) => !done.has(photo.id));
  const current = waiting[0];

  const decide = (verdict: 'approve' | 'reject') => {
    if (!current || action.isPending) return;
    setDone((before) => new Set(before).add(current.id));
    action.mutate(
      { photo: current.id, action: verdict, ...(verdict === 'reject' && { reason }) },
      {
        onError: () =>
          setDone((before) => {
            const after = new Set(before);
            after.delete(current.id);
            return after;
          }),
      },
    );
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'a') decide('approve');
      if (key === 'r') decide('reject');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (queue.isError) return <LoadError error={queue.error} onRetry={() => void queue.refetch()} />;
  if (queue.isPending) return <p className="text-body-secondary">{t('common.loading')}</p>;
  return (
    <section aria-labelledby="photos-title">
      <h2 id="photos-title" className="h5">
        {t('staff.sections.photos')} <span className="badge text-bg-light">{waiting.length}</span>
      </h2>
      <ErrorAlert error={action.error} />
      {!current ? (
        <EmptyState icon={<ImageOff />} title={t('staff.photos.empty')} />
      ) : (
        <div className="card mb-3">
          <div className="card-body d-flex flex-column flex-md-row gap-3">
            <img
              src={current.url}
              alt={t('staff.photos.alt', { name: current.member.name ?? '' })}
              className="rounded border staff-photo"
            />
            <div className="flex-grow-1">
              <p className="mb-1">
                <PersonLink person={current.member} />
              </p>
              <p className="small text-body-secondary mb-2">{longDateTime(current.created_at)}</p>
              <p className="mb-3">
                <span
                  className={`badge ${current.screening === 'flagged' ? 'text-bg-danger' : 'text-bg-secondary'}`}
                >
                  {t(`staff.photos.screening.${current.screening}`)}
                </span>
                {current.nudity_score !== null && (
                  <span className="small text-body-secondary ms-2">
                    {t('staff.photos.score', { score: Math.round(current.nudity_score * 100) })}
                  </span>
                )}
              </p>
              <label htmlFor={reasonId} className="form-label small fw-semibold mb-1">
                {t('staff.photos.reason')}
              </label>
              <select
                id={reasonId}
                className="form-select mb-3"
                value={reason}
                onChange={(event) => setReason(event.target.value as PhotoRejectReason)}
              >
                {PHOTO_REJECT_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`staff.photo_reasons.${value}`)}
                  </option>
                ))}
              </select>
              <div className="d-flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-success"
                  onClick={() => decide('approve')}
                  aria-keyshortcuts="A"
                >
                  {t('staff.photos.approve')} <kbd>A</kbd>
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => decide('reject')}
                  aria-keyshortcuts="R"
                >
                  {t('staff.photos.reject')} <kbd>R</kbd>
                </button>
              </div>
            </div>
          </div>
        </div>
      )}
      {waiting.length > 1 && (
        <ul
          className="list-unstyled row row-cols-3 row-cols-md-6 g-2"
          aria-label={t('staff.photos.next')}
        >
          {waiting.slice(1, 13).map((photo) => (
            <li key={photo.id} className="col">
              <img
                src={photo.url}
                alt={t('staff.photos.alt', { name: photo.member.name ?? '' })}
                className={`rounded border w-100 staff-thumb${photo.screening === 'flagged' ? ' border-danger' : ''}`}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
      {queue.hasNextPage && waiting.length < 6 && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void queue.fetchNextPage()}
        >
          {t('staff.load_more')}
        </button>
      )}
    </section>
  );
}
