/**
 * Limits of `POST /api/profileimage.php`, shared so the app can refuse a file before
 * sending it. The server enforces every one of them again.
 */
export const IMAGE_UPLOAD_LIMITS = {
  /** Bytes per file (DESIGN: "at most 10 MB each"). */
  maxFileBytes: 10 * 1024 * 1024,
  /** Files in one request. */
  maxFilesPerRequest: 6,
  /** Photos one member may have in all. */
  maxPhotosPerMember: 12,
  /** Smallest accepted width and height, in pixels. */
  minSidePixels: 200,
  /** Largest accepted width × height (a 40-megapixel camera still fits). */
  maxPixels: 40_000_000,
} as const;
