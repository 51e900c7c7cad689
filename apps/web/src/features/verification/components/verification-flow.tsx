import {
  VERIFICATION_SELFIE_DAYS,
  type VerificationPose,
} from '@amora/shared/schemas/verification';
import { RotateCcw, Send } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { UploadProgress } from '@/components/upload-progress';
import { useSendSelfie } from '../api/send-selfie';
import { SelfieCamera } from './selfie-camera';

type Step = 'consent' | 'selfie';

/**
 * The way to a verification: what happens with the selfie (it is biometric data), then
 * the pose the server assigned beside the front camera, then the selfie sent. Each step's
 * heading takes the focus, so keyboard and screen reader users start at its top.
 */
export function VerificationFlow({
  pose,
  onCancel,
}: {
  pose: VerificationPose;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('consent');
  const heading = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the reason to move the focus.
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  return (
    <div className="mt-3">
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {step === 'consent' ? (
        <div>
          <h3 ref={heading} tabIndex={-1} className="h6">
            {t('verification.consent.title')}
          </h3>
          <p className="small">{t('verification.consent.intro')}</p>
          <ul className="small">
            <li>{t('verification.consent.kept', { days: VERIFICATION_SELFIE_DAYS })}</li>
            <li>{t('verification.consent.who')}</li>
            <li>{t('verification.consent.why')}</li>
          </ul>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={() => setStep('selfie')}>
              {t('verification.consent.agree')}
            </button>
            <button type="button" className="btn btn-link" onClick={onCancel}>
              {t('verification.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <SelfieStep pose={pose} heading={heading} onStatus={setStatus} onCancel={onCancel} />
      )}
    </div>
  );
}

function SelfieStep({
  pose,
  heading,
  onStatus,
  onCancel,
}: {
  pose: VerificationPose;
  heading: RefObject<HTMLHeadingElement | null>;
  onStatus: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendSelfie();
  const [shot, setShot] = useState<{ file: File; url: string } | null>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  // The server's English text stands in for a pose the tables do not know yet.
  const instruction = t(`verification.poses.${pose.id}`, { defaultValue: pose.text });

  useEffect(() => () => (shot ? URL.revokeObjectURL(shot.url) : undefined), [shot]);
  // A selfie taken: the next thing to do is sending it.
  useEffect(() => {
    if (shot) sendButton.current?.focus();
  }, [shot]);

  const taken = (file: File) => {
    send.reset();
    setShot({ file, url: URL.createObjectURL(file) });
    onStatus(t('verification.camera.taken'));
  };

  return (
    <div>
      <h3 ref={heading} tabIndex={-1} className="h6">
        {t('verification.pose.title')}
      </h3>
      <div className="row g-3">
        <figure className="col-sm-4 d-flex flex-sm-column align-items-center align-items-sm-start gap-3 mb-0">
          <img
            src={pose.image}
            alt={instruction}
            className="verification-pose flex-shrink-0 rounded border p-1"
          />
          <figcaption className="fw-semibold">{instruction}</figcaption>
        </figure>
        <div className="col-sm-8">
          {shot ? (
            <>
              <div className="verification-camera">
                <img
                  src={shot.url}
                  alt={t('verification.camera.taken_alt')}
                  className="verification-shot rounded border"
                />
              </div>
              {send.isPending && <UploadProgress fraction={send.progress} />}
              <ErrorAlert error={send.error} className="mt-3 mb-0" />
              <div className="d-flex flex-wrap gap-2 mt-3">
                <button
                  ref={sendButton}
                  type="button"
                  className="btn btn-primary d-inline-flex align-items-center gap-2"
                  disabled={send.isPending}
                  onClick={() => send.mutate({ file: shot.file, pose: pose.id })}
                >
                  <Send size={18} aria-hidden="true" />
                  {t('verification.camera.send')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary d-inline-flex align-items-center gap-2"
                  disabled={send.isPending}
                  onClick={() => {
                    send.reset();
                    setShot(null);
                  }}
                >
                  <RotateCcw size={18} aria-hidden="true" />
                  {t('verification.camera.retake')}
                </button>
              </div>
            </>
          ) : (
            <SelfieCamera onTaken={taken} onStatus={onStatus} />
          )}
          <button type="button" className="btn btn-link px-0 mt-2" onClick={onCancel}>
            {t('verification.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
