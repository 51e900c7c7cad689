import { IMAGE_UPLOAD_LIMITS } from '@amora/shared/schemas/images';
import type { Image } from '@amora/shared/schemas/profile';
import type { User } from '@amora/shared/schemas/user';
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { SectionCard } from '@/components/section-card';
import { UploadProgress } from '@/components/upload-progress';
import { useErrorText } from '@/lib/error-text';
import { photoSrc } from '@/lib/photo-src';
import { toast } from '@/lib/toast';
import { useUploadPhotos } from '@/lib/upload-photos';
import { useArrangePhotos } from '../api/arrange-photos';
import { useDeletePhoto } from '../api/delete-photo';

const { maxPhotosPerMember, maxFilesPerRequest } = IMAGE_UPLOAD_LIMITS;

const move = (ids: number[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

/** Own photos: add several at once, choose the main one, put them in order, remove. */
export function PhotoManager({ user, cdnPrefix }: { user: User; cdnPrefix: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const inputId = useId();
  const upload = useUploadPhotos();
  const arrange = useArrangePhotos();
  const remove = useDeletePhoto();
  const [removing, setRemoving] = useState<Image | null>(null);
  const { images, main_image: main } = user.profile;
  const ids = images.map((image) => image.id);
  const room = maxPhotosPerMember - images.length;

  const problem = (error: unknown) => toast.error(errorText(error));

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    if (files.length > Math.min(room, maxFilesPerRequest)) {
      toast.error(t('my_profile.photos.too_many', { count: Math.min(room, maxFilesPerRequest) }));
      return;
    }
    try {
      await upload.mutateAsync(files);
      toast.success(t('my_profile.photos.added', { count: files.length }));
    } catch (error) {
      problem(error);
    }
  };

  const reorder = (order: number[], mainId?: number) =>
    arrange.mutate(
      { order, ...(mainId ? { main: mainId } : {}) },
      { onError: problem, onSuccess: () => toast.success(t('my_profile.photos.saved')) },
    );

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(t('my_profile.photos.removed'));
      setRemoving(null);
    } catch (error) {
      problem(error);
    }
  };

  return (
    <SectionCard
      id="photos"
      title={t('my_profile.photos.title')}
      description={t('my_profile.photos.text', { n: images.length, max: maxPhotosPerMember })}
    >
      <ul className="photo-grid list-unstyled mb-0">
        {images.map((image, index) => {
          const isMain = image.id === main?.id;
          const label = t('my_profile.photos.photo_n', { n: index + 1 });
          return (
            <li key={image.id} className="photo-grid-item">
              <figure className="member-photo mb-0">
                <img src={photoSrc(image, 'thumb', cdnPrefix)} alt={label} loading="lazy" />
                {isMain && (
                  <figcaption className="badge text-bg-primary photo-main-badge">
                    <Star size={12} aria-hidden="true" /> {t('my_profile.photos.main')}
                  </figcaption>
                )}
                {(image.checking || image.flagged) && (
                  <span
                    className={`badge photo-screening-badge ${image.checking ? 'text-bg-light' : 'text-bg-dark'}`}
                    title={
                      image.checking
                        ? t('my_profile.photos.checking_text')
                        : t('my_profile.photos.flagged_text')
                    }
                  >
                    {image.checking
                      ? t('my_profile.photos.checking')
                      : t('my_profile.photos.flagged')}
                  </span>
                )}
              </figure>
              <fieldset className="btn-group btn-group-sm w-100 mt-1">
                <legend className="visually-hidden">{label}</legend>
                <button
                  type="button"
                  className="btn btn-light"
                  aria-label={t('my_profile.photos.make_main', { n: index + 1 })}
                  aria-pressed={isMain}
                  disabled={isMain || arrange.isPending}
                  onClick={() => reorder(ids, image.id)}
                >
                  <Star size={16} aria-hidden="true" fill={isMain ? 'currentColor' : 'none'} />
                </button>
                <button
                  type="button"
                  className="btn btn-light"
                  aria-label={t('my_profile.photos.move_earlier', { n: index + 1 })}
                  disabled={index === 0 || arrange.isPending}
                  onClick={() => reorder(move(ids, index, index - 1))}
                >
                  <ArrowLeft size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-light"
                  aria-label={t('my_profile.photos.move_later', { n: index + 1 })}
                  disabled={index === images.length - 1 || arrange.isPending}
                  onClick={() => reorder(move(ids, index, index + 1))}
                >
                  <ArrowRight size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-light text-danger"
                  aria-label={t('my_profile.photos.remove', { n: index + 1 })}
                  onClick={() => setRemoving(image)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </fieldset>
            </li>
          );
        })}
        {room > 0 && (
          <li className="photo-grid-item">
            <label htmlFor={inputId} className="photo-add">
              <ImagePlus size={32} aria-hidden="true" />
              <span className="fw-semibold small mt-1">{t('my_profile.photos.add')}</span>
              <input
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                disabled={upload.isPending}
                onChange={(event) => {
                  void add([...(event.target.files ?? [])]);
                  event.target.value = '';
                }}
              />
            </label>
          </li>
        )}
      </ul>
      {upload.isPending && <UploadProgress fraction={upload.progress} />}
      {images.length === 0 && !upload.isPending && (
        <p className="small text-body-secondary mt-3 mb-0">{t('my_profile.photos.none')}</p>
      )}
      {removing && (
        <Modal
          size="sm"
          title={t('my_profile.photos.remove_title')}
          onClose={() => setRemoving(null)}
          footer={
            <>
              <button type="button" className="btn btn-light" onClick={() => setRemoving(null)}>
                {t('my_profile.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={remove.isPending}
                onClick={() => void confirmRemove()}
              >
                {t('my_profile.photos.remove_confirm')}
              </button>
            </>
          }
        >
          <div className="d-flex gap-3 align-items-center">
            <img
              src={photoSrc(removing, 'thumb', cdnPrefix)}
              alt=""
              className="rounded"
              width={64}
              height={80}
            />
            <p className="mb-0">{t('my_profile.photos.remove_text')}</p>
          </div>
        </Modal>
      )}
    </SectionCard>
  );
}
