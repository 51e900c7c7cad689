import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Verdict } from '../hooks/use-review-queue';

/**
 * The reason a rejection gives (chosen before, so R rejects with it) and the two buttons with
 * their keys, as every review queue shows them.
 */
export function ReviewControls<R extends string>({
  reasons,
  reasonText,
  reason,
  onReason,
  onDecide,
}: {
  reasons: readonly R[];
  reasonText: (reason: R) => string;
  reason: R;
  onReason: (reason: R) => void;
  onDecide: (verdict: Verdict) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="form-label small fw-semibold mb-1">
        {t('staff.photos.reason')}
      </label>
      <select
        id={id}
        className="form-select mb-3 staff-reason"
        value={reason}
        onChange={(event) => onReason(event.target.value as R)}
      >
        {reasons.map((value) => (
          <option key={value} value={value}>
            {reasonText(value)}
          </option>
        ))}
      </select>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-success"
          onClick={() => onDecide('approve')}
          aria-keyshortcuts="A"
        >
          {t('staff.photos.approve')} <kbd>A</kbd>
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => onDecide('reject')}
          aria-keyshortcuts="R"
        >
          {t('staff.photos.reject')} <kbd>R</kbd>
        </button>
      </div>
    </>
  );
}
