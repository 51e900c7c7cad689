import { ImagePlus } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '@/components/upload-progress';
import { useErrorText } from '@/lib/error-text';
import { useUploadPhotos } from '@/lib/upload-photos';

/** Dropping accepts png, jpeg and jpg; the chooser accepts any image (spec section 5). */
const DROP_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];

/** Step 2: a profile photo by drop or chooser, with upload progress, or continue without. */
export function PhotoStep({ onDone, onSkip }: { onDone: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const inputId = useId();
  const upload = useUploadPhotos();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (files: File[]) => {
    setProblem(null);
    if (files.length === 0) return;
    try {
      await upload.mutateAsync(files.slice(0, 1));
      onDone();
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.some((f) => !DROP_TYPES.includes(f.type)))
      return setProblem(t('signup.photo.drop_types'));
    void send(files);
  };

  return (
    <div>
      <h2 className="h4 text-center">{t('signup.photo.title')}</h2>
      <p className="text-body-secondary text-center">{t('signup.photo.text')}</p>
      <label
        htmlFor={inputId}
        className={`photo-drop d-flex flex-column align-items-center justify-content-center text-center ${dragging ? 'dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <ImagePlus size={40} aria-hidden="true" />
        <span className="fw-semibold mt-2">{t('signup.photo.choose')}</span>
        <span className="small text-body-secondary">{t('signup.photo.drop_hint')}</span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={(event) => void send([...(event.target.files ?? [])])}
        />
      </label>
      {upload.isPending && <UploadProgress fraction={upload.progress} />}
      {problem && (
        <div className="alert alert-danger mt-3" role="alert">
          {problem}
        </div>
      )}
      <button
        type="button"
        className="btn btn-link w-100 mt-2"
        onClick={onSkip}
        disabled={upload.isPending}
      >
        {t('signup.photo.skip')}
      </button>
    </div>
  );
}
