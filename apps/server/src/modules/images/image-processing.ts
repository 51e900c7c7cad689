import { IMAGE_UPLOAD_LIMITS } from '@amora/shared/schemas/images';
import type { FormatEnum, Metadata, OutputInfo, SharpOptions } from 'sharp';
import { badRequest } from '../../lib/errors.js';
import { loadSharp } from '../../lib/sharp.js';

/** Sizes of the stored WebP files; the thumbnail is the 4:5 card picture of the app. */
export const IMAGE_SIZES = {
  /** Fitted inside this box, never enlarged. */
  full: { width: 1600, height: 1600 },
  /** Exactly this size, cropped to the most interesting part. */
  thumb: { width: 320, height: 400 },
} as const;

/**
 * Raster formats a member's photo may arrive in, as sharp names the decoder. `heif` covers
 * AVIF and HEIC; sharp's prebuilt libvips decodes AVIF only, so an HEIC photo is refused when
 * its pixels cannot be read. SVG (scripts, external references), TIFF, PDF and RAW are not
 * photos a phone or browser sends and are refused.
 */
const ACCEPTED_FORMATS: ReadonlySet<keyof FormatEnum> = new Set([
  'jpeg',
  'png',
  'webp',
  'gif',
  'heif',
]);

/** Untrusted input: stop on truncated or corrupt pixel data, but not on harmless warnings. */
const DECODE_OPTIONS: SharpOptions = {
  failOn: 'error',
  limitInputPixels: IMAGE_UPLOAD_LIMITS.maxPixels,
  // The first frame of an animated GIF or WebP becomes the photo.
  pages: 1,
};
/** A decode that takes longer than this is refused rather than holding a worker thread. */
const TIMEOUT_SECONDS = 30;
const FULL_WEBP = { quality: 82, effort: 4 } as const;
const THUMB_WEBP = { quality: 80, effort: 4 } as const;

export interface ProcessedImage {
  /** WebP, inside 1600×1600, upright, without any metadata. */
  full: Buffer;
  /** WebP, 320×400, upright, without any metadata. */
  thumb: Buffer;
  width: number;
  height: number;
}

const notAnImage = (
  message = 'This file is not a photo we can read (JPEG, PNG, WebP, GIF or AVIF)',
) => badRequest('not_an_image', message);

async function readMetadata(input: Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  try {
    // Only the header is read here, so the pixel limit is checked below with a clear answer.
    return await sharp(input, { ...DECODE_OPTIONS, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
}

/**
 * Checks by content that `input` is a raster photo of acceptable size and re-encodes it:
 * turned upright by its EXIF orientation, every piece of metadata (EXIF with GPS position,
 * ICC, XMP, IPTC, comments) dropped, converted to sRGB WebP at full and thumbnail size.
 *
 * Throws `AppError` 400 `not_an_image` (not a supported raster image, or damaged pixel data),
 * 400 `image_too_small` (under 200×200) or 400 `image_too_large` (above 40 megapixels). The
 * pixel work runs on libvips' threads, off the event loop; call it outside any transaction.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const meta = await readMetadata(input);
  if (!ACCEPTED_FORMATS.has(meta.format)) {
    throw notAnImage(
      meta.format === 'svg'
        ? 'SVG drawings are not accepted: please send a photo (JPEG, PNG, WebP, GIF or AVIF)'
        : undefined,
    );
  }
  const { width, height } = meta.autoOrient ?? meta;
  const { minSidePixels, maxPixels } = IMAGE_UPLOAD_LIMITS;
  if (!width || !height || width < minSidePixels || height < minSidePixels) {
    throw badRequest(
      'image_too_small',
      `The photo is too small: it must be at least ${minSidePixels} × ${minSidePixels} pixels`,
    );
  }
  if (width * height > maxPixels) {
    throw badRequest(
      'image_too_large',
      `The photo is too large: it may have at most ${maxPixels / 1_000_000} megapixels`,
    );
  }

  // Decode once (with shrink-on-load for JPEG), upright and no larger than the full size;
  // both encodings start from these pixels. Raw pixels carry no metadata at all.
  let decoded: { data: Buffer; info: OutputInfo };
  const sharp = await loadSharp();
  try {
    decoded = await sharp(input, DECODE_OPTIONS)
      .timeout({ seconds: TIMEOUT_SECONDS })
      .autoOrient()
      .resize(IMAGE_SIZES.full.width, IMAGE_SIZES.full.height, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage(
      meta.format === 'heif' && meta.compression === 'hevc'
        ? 'HEIC photos cannot be read here: please send a JPEG, PNG or WebP'
        : 'This photo is damaged or incomplete and cannot be read',
    );
  }

  const { info } = decoded;
  const raw = {
    raw: { width: info.width, height: info.height, channels: info.channels },
  } as const;
  const [full, thumb] = await Promise.all([
    sharp(decoded.data, raw).webp(FULL_WEBP).toBuffer(),
    sharp(decoded.data, raw)
      .resize(IMAGE_SIZES.thumb.width, IMAGE_SIZES.thumb.height, {
        fit: 'cover',
        position: sharp.strategy.attention,
      })
      .webp(THUMB_WEBP)
      .toBuffer(),
  ]);
  return { full, thumb, width: info.width, height: info.height };
}
