import type { PublicProfile } from '@amora/shared/schemas/profile';
import { Flag } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberPhoto } from '@/components/member-photo';
import { useRevealPhoto } from '../api/reveal-photo';

/**
 * The main photo large (4:5), thumbnails below that switch it; arrow keys move along them.
 * With `onReport`, the photo shown can be reported.
 */
export function PhotoGallery({
  profile,
  cdnPrefix,
  canReveal,
  onReport,
}: {
  profile: PublicProfile;
  cdnPrefix: string;
  /** Members may show a blurred (flagged) photo as uploaded; visitors may not. */
  canReveal: boolean;
  onReport?: (image: number) => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const reveal = useRevealPhoto();
  const [revealed, setRevealed] = useState<
    Record<number, { filename: string; thumb_filename: string }>
  >({});
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const main = profile.main_image;
  // The main photo opens the gallery, the others follow in the member's order.
  const images = main
    ? [main, ...profile.images.filter((image) => image.id !== main.id)]
    : profile.images;
  const count = images.length;
  const shown = images[Math.min(index, count - 1)];
  const current =
    shown && (revealed[shown.id] ? { ...shown, ...revealed[shown.id], blurred: false } : shown);

  if (!current) {
    return (
      <div className="rounded-4 overflow-hidden">
        <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size="full" />
      </div>
    );
  }

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const target = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + count) % count;
    setIndex(next);
    thumbs.current[next]?.focus();
  };

  return (
    <section aria-label={t('member.photos_of', { name: profile.name })}>
      <figure className="member-photo rounded-4 position-relative mb-2">
        <img
          src={`${cdnPrefix}${current.filename}`}
          alt={t('member.photo_alt', { name: profile.name, n: index + 1, count })}
          loading="lazy"
          decoding="async"
        />
        {count > 1 && (
          <figcaption
            className="badge rounded-pill text-bg-dark bg-opacity-75 position-absolute bottom-0 end-0 m-2"
            aria-live="polite"
          >
            {t('member.photo_n_of_count', { n: index + 1, count })}
          </figcaption>
        )}
        {current.blurred && (
          <div className="photo-blur-notice">
            <p className="mb-2">{t('member.photo_blurred')}</p>
            {canReveal ? (
              <button
                type="button"
                className="btn btn-light btn-sm"
                disabled={reveal.isPending}
                onClick={() =>
                  reveal.mutate(current.id, {
                    onSuccess: (image) => setRevealed((was) => ({ ...was, [image.id]: image })),
                  })
                }
              >
                {t('member.photo_reveal')}
              </button>
            ) : (
              <p className="small mb-0">{t('member.photo_reveal_members')}</p>
            )}
            {reveal.error && <p className="small mb-0 mt-2">{t('member.photo_reveal_failed')}</p>}
          </div>
        )}
        {onReport && (
          <button
            type="button"
            className="btn btn-sm btn-dark bg-opacity-75 position-absolute top-0 end-0 m-2 d-inline-flex align-items-center gap-1 report-photo"
            onClick={() => onReport(current.id)}
          >
            <Flag size={14} aria-hidden="true" />
            {t('safety.report_photo')}
          </button>
        )}
      </figure>
      {count > 1 && (
        <ul
          className="list-unstyled d-flex flex-wrap gap-2 mb-0"
          aria-label={t('member.choose_photo')}
        >
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                ref={(node) => {
                  thumbs.current[i] = node;
                }}
                type="button"
                className={`btn p-0 rounded-3 overflow-hidden ${
                  i === index ? 'border border-3 border-primary' : 'border-0 opacity-75'
                }`}
                style={{ width: '4.5rem' }}
                aria-label={t('member.photo_n_of_count', { n: i + 1, count })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                onKeyDown={move}
              >
                <span className="member-photo d-block">
                  <img
                    src={`${cdnPrefix}${image.thumb_filename}`}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
