import {
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
} from '@amora/shared/schemas/safety';
import { CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Modal } from '@/components/modal';
import { isNotActivated } from '@/lib/activation-required';
import { useRefreshAfterBlock, useSetBlocked } from '../api/blocks';
import { useReportMember } from '../api/report-member';

/** What is reported: the member, and maybe one of their photos or the conversation. */
export interface ReportTarget {
  image?: number;
  conversation?: number;
  reason?: ReportReason;
}

/**
 * The report form: why (one of the reasons), optionally what else to know, and blocking in
 * the same step. Then a thank-you that says the report arrived; the member is not told.
 */
export function ReportDialog({
  profile,
  target,
  onClose,
  onBlocked,
}: {
  profile: { id: number; name: string };
  target: ReportTarget;
  onClose: () => void;
  onBlocked: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const report = useReportMember();
  const setBlocked = useSetBlocked();
  const refresh = useRefreshAfterBlock();
  const [reason, setReason] = useState<ReportReason | null>(target.reason ?? null);
  const [text, setText] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [missingReason, setMissingReason] = useState(false);
  const [done, setDone] = useState<{ blocked: boolean } | null>(null);

  const what = target.image ? 'photo' : target.conversation ? 'conversation' : 'member';
  const finish = () => {
    onClose();
    if (done?.blocked) {
      onBlocked();
      refresh();
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    try {
      await report.mutateAsync({
        profile: profile.id,
        reason,
        ...(text.trim() && { text: text.trim() }),
        ...(target.image !== undefined && { image: target.image }),
        ...(target.conversation !== undefined && { conversation: target.conversation }),
      });
      if (alsoBlock) await setBlocked.mutateAsync({ profile: profile.id, blocked: true });
      setDone({ blocked: alsoBlock });
    } catch (error) {
      // Unconfirmed address: the app-wide explanation opens (lib/activation-required) and
      // takes this dialog's place. Otherwise the alert below says why, and the form keeps
      // what was entered.
      if (isNotActivated(error)) onClose();
    }
  };

  if (done) {
    return (
      <Modal title={t('safety.report_done_title')} onClose={finish} size="md">
        <div className="d-flex gap-3 align-items-start" role="status">
          <CircleCheck size={28} className="text-success flex-shrink-0" aria-hidden="true" />
          <div>
            <p>{t('safety.report_done_text')}</p>
            {done.blocked && <p>{t('safety.report_done_blocked', { name: profile.name })}</p>}
            <p className="mb-0 text-body-secondary">
              {t('safety.report_not_told', { name: profile.name })}
            </p>
          </div>
        </div>
      </Modal>
    );
  }

  const busy = report.isPending || setBlocked.isPending;
  return (
    <Modal
      title={t(`safety.report_title_${what}`, { name: profile.name })}
      onClose={onClose}
      size="md"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('safety.cancel')}
          </button>
          <button type="submit" form={`${ids}-form`} className="btn btn-danger" disabled={busy}>
            {t('safety.report_send')}
          </button>
        </>
      }
    >
      <form id={`${ids}-form`} onSubmit={submit} noValidate>
        <fieldset
          className="mb-3"
          aria-describedby={missingReason && !reason ? `${ids}-reason-error` : undefined}
        >
          <legend className="fs-6 fw-semibold">
            {t('safety.report_why', { name: profile.name })}
          </legend>
          {REPORT_REASONS.map((option) => (
            <div className="form-check" key={option}>
              <input
                className={`form-check-input${missingReason && !reason ? ' is-invalid' : ''}`}
                type="radio"
                name={`${ids}-reason`}
                id={`${ids}-${option}`}
                checked={reason === option}
                onChange={() => setReason(option)}
              />
              <label className="form-check-label" htmlFor={`${ids}-${option}`}>
                {t(`safety.reasons.${option}`)}
              </label>
            </div>
          ))}
          {missingReason && !reason && (
            <div id={`${ids}-reason-error`} className="invalid-feedback d-block" role="alert">
              {t('safety.report_reason_required')}
            </div>
          )}
        </fieldset>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${ids}-text`}>
            {t('safety.report_text_label')}
          </label>
          <textarea
            id={`${ids}-text`}
            className="form-control"
            rows={3}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            value={text}
            aria-describedby={`${ids}-count`}
            onChange={(event) => setText(event.target.value)}
          />
          <div id={`${ids}-count`} className="form-text text-end">
            {t('safety.report_text_count', { n: text.length, max: REPORT_TEXT_MAX_LENGTH })}
          </div>
        </div>
        <div className="form-check mb-3">
          <input
            className="form-check-input"
            type="checkbox"
            id={`${ids}-block`}
            checked={alsoBlock}
            onChange={(event) => setAlsoBlock(event.target.checked)}
            aria-describedby={`${ids}-block-hint`}
          />
          <label className="form-check-label" htmlFor={`${ids}-block`}>
            {t('safety.report_also_block', { name: profile.name })}
          </label>
          <div id={`${ids}-block-hint`} className="form-text mt-0">
            {t('safety.report_also_block_hint')}
          </div>
        </div>
        <p className="small text-body-secondary mb-0">
          {t('safety.report_not_told', { name: profile.name })}
        </p>
        {(report.error || setBlocked.error) && (
          <ErrorAlert error={report.error ?? setBlocked.error} className="mt-3 mb-0" />
        )}
      </form>
    </Modal>
  );
}
