import { IMAGE_UPLOAD_LIMITS } from '@amora/shared/rules/image-upload-limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { uploadFiles } from '@/lib/upload';
import { userKeys } from '@/lib/user-query';

/** The server's limits, checked first so nobody waits for a 40 MB upload to be refused. */
function checkLimits(files: File[]) {
  if (files.length > IMAGE_UPLOAD_LIMITS.maxFilesPerRequest) {
    throw new ApiError(413, 'too_many_files', 'Too many photos at once');
  }
  if (files.some((file) => file.size > IMAGE_UPLOAD_LIMITS.maxFileBytes)) {
    throw new ApiError(413, 'file_too_large', 'A photo is too large');
  }
}

export interface UploadedImages {
  images: { id: number; thumb_filename: string }[];
}

/** POST /api/profileimage.php with upload progress (0 to 1). */
export function useUploadPhotos() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: async (files: File[]) => {
      checkLimits(files);
      setProgress(0);
      return uploadFiles<UploadedImages>('/api/profileimage.php', files, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
  return { ...mutation, progress };
}
