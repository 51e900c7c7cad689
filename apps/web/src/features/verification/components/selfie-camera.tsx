import { Camera, ImagePlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { captureFrame, useFrontCamera } from '../hooks/use-front-camera';

/**
 * The front camera's live picture with a "Take selfie" button; where the camera cannot be
 * opened, a file input that opens the phone's front camera (`capture="user"`) or lets the
 * member choose a picture. The camera runs only while this is shown.
 */
export function SelfieCamera({
  onTaken,
  onStatus,
}: {
  onTaken: (file: File) => void;
  /** What a screen reader hears as the camera comes on or cannot. */
  onStatus: (text: string) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  // The button (or file input) that takes the selfie.
  const control = useRef<HTMLElement>(null);
  const state = useFrontCamera(video);

  useEffect(() => {
    if (state === 'live') onStatus(t('verification.camera.on'));
    if (state === 'unavailable') onStatus(t('verification.camera.unavailable'));
    // After "Take again" the button that had the focus is gone: the way to take one has it.
    if (state !== 'starting' && document.activeElement === document.body) {
      control.current?.focus();
    }
  }, [state, onStatus, t]);

  const take = async () => {
    if (!video.current) return;
    const file = await captureFrame(video.current);
    if (file) onTaken(file);
  };

  return (
    <div className="verification-camera">
      <video
        ref={video}
        className={`verification-shot rounded border bg-body-secondary${state === 'unavailable' ? ' d-none' : ''}`}
        aria-label={t('verification.camera.preview')}
        muted
        playsInline
      />
      {state === 'starting' && (
        <p className="small text-body-secondary mt-2 mb-0">{t('verification.camera.starting')}</p>
      )}
      {state === 'live' && (
        <button
          ref={(element) => {
            control.current = element;
          }}
          type="button"
          className="btn btn-primary btn-lg w-100 mt-3 d-inline-flex align-items-center justify-content-center gap-2"
          onClick={() => void take()}
        >
          <Camera size={20} aria-hidden="true" />
          {t('verification.camera.take')}
        </button>
      )}
      {state === 'unavailable' && (
        <>
          <p className="small text-body-secondary">{t('verification.camera.unavailable')}</p>
          <label className="verification-choose btn btn-primary btn-lg w-100 d-inline-flex align-items-center justify-content-center gap-2">
            <ImagePlus size={20} aria-hidden="true" />
            {t('verification.camera.choose')}
            <input
              ref={(element) => {
                control.current = element;
              }}
              type="file"
              accept="image/*"
              capture="user"
              className="visually-hidden"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onTaken(file);
              }}
            />
          </label>
        </>
      )}
    </div>
  );
}
