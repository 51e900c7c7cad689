import type { Image, PublicProfile } from '@amora/shared/schemas/profile';
import { useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberPhoto } from '@/components/member-photo';
import { photoSrc } from '@/lib/photo-src';
import { useUpdateUser } from '@/lib/update-user';
import { useUser } from '@/lib/user-query';
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
  const user = useUser().data;
  const chooseFlagged = useUpdateUser();
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState<Record<number, Image>>({});
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const choiceId = useId();
  const main = profile.main_image;
  // The main photo opens the gallery, the others follow in the member's order.
  const images = main
    ? [main, ...profile.images.filter((image) => image.id !== main.id)]
    : profile.images;
  const count = images.length;
  const shown = images[Math.min(index, count - 1)];
  const current = shown && (revealed[shown.id] ?? shown);
  // The original has no public address (decision 059): the server hands its link only to
  // members who chose to see such photos, so showing one is that choice, said before it is made.
  const chosen = user?.settings.show_flagged_photos ?? false;
  const show = async (id: number) => {
    if (!chosen) {
      await chooseFlagged.mutateAsync({ settings: { show_flagged_photos: true } });
      // Every list and profile shown now carries such photos as they are.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
    }
    const image = await reveal.mutateAsync(id);
    if (!image.blurred) setRevealed((was) => ({ ...was, [image.id]: image }));
  };
  const busy = reveal.isPending || chooseFlagged.isPending;

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
          src={photoSrc(current, 'full', cdnPrefix)}
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
              <>
                <button
                  type="button"
                  className="btn btn-light btn-sm"
                  disabled={busy}
                  aria-describedby={chosen ? undefined : choiceId}
                  onClick={() => show(current.id).catch(() => undefined)}
                >
                  {t(chosen ? 'member.photo_reveal' : 'member.photo_reveal_choose')}
                </button>
                {!chosen && (
                  <p id={choiceId} className="small mb-0 mt-2">
                    {t('member.photo_reveal_choice')}
                  </p>
                )}
              </>
            ) : (
              <p className="small mb-0">{t('member.photo_reveal_members')}</p>
            )}
            {(reveal.error || chooseFlagged.error) && (
              <p className="small mb-0 mt-2" role="alert">
                {t('member.photo_reveal_failed')}
              </p>
            )}
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
                    src={photoSrc(revealed[image.id] ?? image, 'thumb', cdnPrefix)}
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
