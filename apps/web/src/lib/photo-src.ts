import type { Image } from '@amora/shared/schemas/profile';

/**
 * Where a photo is loaded from: a public one from `cdn_prefix` + its name, a private one (a
 * flagged photo as uploaded, decision 059) from the app's link, whose every read is checked.
 */
export function photoSrc(
  image: Pick<Image, 'filename' | 'thumb_filename' | 'url' | 'thumb_url'>,
  size: 'thumb' | 'full',
  cdnPrefix: string,
): string {
  if (size === 'thumb') return image.thumb_url ?? `${cdnPrefix}${image.thumb_filename}`;
  return image.url ?? `${cdnPrefix}${image.filename}`;
}
