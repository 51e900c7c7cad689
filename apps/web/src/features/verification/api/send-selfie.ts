import { IMAGE_UPLOAD_LIMITS } from '@amora/shared/rules/image-upload-limits';
import type { VerificationState } from '@amora/shared/schemas/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { errorCodeOf } from '@/lib/error-text';
import { uploadFiles } from '@/lib/upload';
import { verificationKeys } from './get-verification';

export interface Selfie {
  file: File;
  /** The id of the pose the selfie shows, as the server assigned it. */
  pose: string;
}

/**
 * POST /api/verification.php (multipart `file` and `pose`), with upload progress (0 to 1).
 * Sent, the member's status is `pending` at once; a pose that ran out (409 `pose_expired`)
 * has the state read again, which brings the new pose.
 */
export function useSendSelfie() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: async ({ file, pose }: Selfie) => {
      if (file.size > IMAGE_UPLOAD_LIMITS.maxFileBytes) {
        throw new ApiError(413, 'file_too_large', 'The selfie is too large');
      }
      setProgress(0);
      return uploadFiles<{ status: 'pending' }>('/api/verification.php', [file], setProgress, {
        pose,
      });
    },
    onSuccess: () =>
      queryClient.setQueryData<VerificationState>(verificationKeys.all, {
        status: 'pending',
        pose: null,
        reason: null,
      }),
    onError: (error) => {
      if (errorCodeOf(error) === 'pose_expired') {
        void queryClient.invalidateQueries({ queryKey: verificationKeys.all });
      }
    },
  });
  return { ...mutation, progress };
}
