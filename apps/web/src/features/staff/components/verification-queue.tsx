import {
  VERIFICATION_REJECT_REASONS,
  type VerificationRejectReason,
} from '@amora/shared/schemas/verification';
import { BadgeCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { longDateTime } from '@/lib/locale-format';
import { useVerificationAction, useVerificationQueue } from '../api/staff-api';
import { PersonLink } from './person-link';

/** Whether a key press belongs to a form control (typing there is not a queue command). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);

/**
 * The verification queue (issue 48): the oldest selfie first, beside the pose asked for and
 * the member's profile photos. A approves, R rejects with the chosen reason, which the member
 * reads in their language; the next selfie shows at once.
 */
export function VerificationQueue() {
  const { t } = useTranslation();
  const queue = useVerificationQueue();
  const action = useVerificationAction();
  const reasonId = useId();
  const [reason, setReason] = useState<VerificationRejectReason>('pose_mismatch');
  // Decided here already: hidden at once, while the list reloads behind.
  const [done, setDone] = useState<Set<number>>(() => new Set());
  const waiting = (queue.data ?? []).filter((item) => !done.has(item.id));
  const current = waiting[0];

  const decide = (verdict: 'approve' | 'reject') => {
    if (!current || action.isPending) return;
    setDone((before) => new Set(before).add(current.id));
    action.mutate(
      {
        verification: current.id,
        action: verdict,
        ...(verdict === 'reject' && { reason }),
      },
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
            <label htmlFor={reasonId} className="form-label small fw-semibold mb-1">
              {t('staff.photos.reason')}
            </label>
            <select
              id={reasonId}
              className="form-select mb-3"
              style={{ maxWidth: '28rem' }}
              value={reason}
              onChange={(event) => setReason(event.target.value as VerificationRejectReason)}
            >
              {VERIFICATION_REJECT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(`staff.verification_reasons.${value}`)}
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
