import {
  CLIENT_ERROR_CODES,
  type ClientErrorCode,
  type ErrorCode,
  isErrorCode,
} from '@amora/shared/errors';
import { IMAGE_UPLOAD_LIMITS } from '@amora/shared/rules/image-upload-limits';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { momentText } from './locale-format';

const isClientErrorCode = (code: unknown): code is ClientErrorCode =>
  (CLIENT_ERROR_CODES as readonly unknown[]).includes(code);

/**
 * The catalogue code of a failure (or a code itself, for a failure the screen knows without
 * a call); anything else counts as unknown.
 */
export function errorCodeOf(error: unknown): ErrorCode | ClientErrorCode {
  if (error instanceof ApiError) return error.code;
  if (isErrorCode(error) || isClientErrorCode(error)) return error;
  return 'unknown';
}

/** The limits some texts name, so a text states the very limit the server applies. */
const TEXT_VALUES = {
  max_mb: IMAGE_UPLOAD_LIMITS.maxFileBytes / (1024 * 1024),
  max_files: IMAGE_UPLOAD_LIMITS.maxFilesPerRequest,
  max_photos: IMAGE_UPLOAD_LIMITS.maxPhotosPerMember,
  min_pixels: IMAGE_UPLOAD_LIMITS.minSidePixels,
  max_megapixels: IMAGE_UPLOAD_LIMITS.maxPixels / 1_000_000,
};

/**
 * The one path from an error to the member's language: `errors.<code>` of the shared
 * catalogue (docs/decisions/024). Screens choose what to do about a code, never its text.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) =>
    t(`errors.${errorCodeOf(error)}`, {
      ...TEXT_VALUES,
      // A limit that says when it lifts: "at 14:05", "on 25 November at 09:30".
      time: error instanceof ApiError && error.retryAt ? momentText(error.retryAt) : '',
    });
}

/**
 * The fields a 400 `invalid_input` names. The server's texts for them are English, so a
 * form marks each with `validation.invalid` in the member's language instead.
 */
export function invalidFields(error: unknown): string[] {
  return error instanceof ApiError && error.code === 'invalid_input'
    ? Object.keys(error.fields)
    : [];
}
