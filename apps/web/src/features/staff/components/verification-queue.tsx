import {
  VERIFICATION_REJECT_REASONS,
  type VerificationRejectReason,
} from '@amora/shared/schemas/verification';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { longDateTime } from '@/lib/locale-format';
import { useVerificationAction, useVerificationQueue } from '../api/staff-api';
import { useReviewQueue } from '../hooks/use-review-queue';
import { PersonLink } from './person-link';
import { ReviewControls } from './review-controls';

/**
 * The verification queue (issue 48): the oldest selfie first, beside the pose asked for and
 * the member's profile photos. A approves, R rejects with the chosen reason, which the member
 * reads in their language; the next selfie shows at once.
 */
export function VerificationQueue() {
  const { t } = useTranslation();
  const queue = useVerificationQueue();
  const action = useVerificationAction();
  const [reason, setReason] = useState<VerificationRejectReason>('pose_mismatch');
  const { waiting, current, decide } = useReviewQueue(
    queue.data,
    (item, verdict, undo) =>
      action.mutate(
        { verification: item.id, action: verdict, ...(verdict === 'reject' && { reason }) },
        { onError: undo },
      ),
    action.isPending,
  );

  if (queue.isError) return <LoadError error={queue.error} onRetry={() => void queue.refetch()} />;
  if (queue.isPending) return <p className="text-body-secondary">{t('common.loading')}</p>;
  const name = current?.member.name ?? t('staff.no_name');
  const instruction = current
    ? t(`verification.poses.${current.pose.id}`, { defaultValue: current.pose.text })
    : '';
  return (
    <section aria-labelledby="verifications-title">
      <h2 id="verifications-title" className="h5">
        {t('staff.sections.verifications')}{' '}
        <span className="badge text-bg-light">{waiting.length}</span>
      </h2>
      <ErrorAlert error={action.error} />
      {!current ? (
        <EmptyState icon={<BadgeCheck />} title={t('staff.verifications.empty')} />
      ) : (
        <div className="card mb-3">
          <div className="card-body">
            <p className="mb-1">
              <PersonLink person={current.member} />
            </p>
            <p className="small text-body-secondary mb-3">{longDateTime(current.created_at)}</p>
            <div className="row g-3 mb-3">
              <figure className="col-12 col-md-3 mb-0">
                <figcaption className="small fw-semibold mb-1">
                  {t('staff.verifications.pose')}
                </figcaption>
                <div className="d-flex flex-md-column align-items-center align-items-md-start gap-2">
                  <img
                    src={current.pose.image}
                    alt={instruction}
                    className="rounded border p-1 verification-pose flex-shrink-0"
                  />
                  <p className="small mb-0">{instruction}</p>
                </div>
              </figure>
              <figure className="col-6 col-md-4 mb-0">
                <figcaption className="small fw-semibold mb-1">
                  {t('staff.verifications.selfie')}
                </figcaption>
                {current.selfie_url ? (
                  <img
                    src={current.selfie_url}
                    alt={t('staff.verifications.selfie_alt', { name })}
                    className="rounded border staff-selfie"
                  />
                ) : (
                  <p className="small text-body-secondary">{t('staff.verifications.no_selfie')}</p>
                )}
              </figure>
              <div className="col-6 col-md-5">
                <h3 className="small fw-semibold mb-1">{t('staff.verifications.photos')}</h3>
                {current.photos.length === 0 ? (
                  <p className="small text-body-secondary">{t('staff.verifications.no_photos')}</p>
                ) : (
                  <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-2 mb-0">
                    {current.photos.map((photo, index) => (
                      <li key={photo.id} className="col">
                        <img
                          src={photo.url}
                          alt={t('staff.verifications.photo_alt', { n: index + 1, name })}
                          className="rounded border w-100 staff-thumb"
                          loading="lazy"
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
            <ReviewControls
              reasons={VERIFICATION_REJECT_REASONS}
              reasonText={(value) => t(`staff.verification_reasons.${value}`)}
              reason={reason}
              onReason={setReason}
              onDecide={decide}
            />
          </div>
        </div>
      )}
      {waiting.length > 1 && (
        <p className="small text-body-secondary">
          {t('staff.verifications.more', { n: waiting.length - 1 })}
        </p>
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
