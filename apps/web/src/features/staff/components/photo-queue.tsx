import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '@amora/shared/schemas/staff';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { longDateTime } from '@/lib/locale-format';
import { usePhotoAction, usePhotoQueue } from '../api/staff-api';
import { useReviewQueue } from '../hooks/use-review-queue';
import { PersonLink } from './person-link';
import { ReviewControls } from './review-controls';

/**
 * The photo queue: flagged photos first, then new ones, one at a time with the rest in a
 * grid below. A approves, R rejects with the chosen reason; the next photo shows at once.
 */
export function PhotoQueue() {
  const { t } = useTranslation();
  const queue = usePhotoQueue();
  const action = usePhotoAction();
  const [reason, setReason] = useState<PhotoRejectReason>('nudity');
  const { waiting, current, decide } = useReviewQueue(
    queue.data,
    (photo, verdict, undo) =>
      action.mutate(
        { photo: photo.id, action: verdict, ...(verdict === 'reject' && { reason }) },
        { onError: undo },
      ),
    action.isPending,
  );

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
              <ReviewControls
                reasons={PHOTO_REJECT_REASONS}
                reasonText={(value) => t(`staff.photo_reasons.${value}`)}
                reason={reason}
                onReason={setReason}
                onDecide={decide}
              />
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
