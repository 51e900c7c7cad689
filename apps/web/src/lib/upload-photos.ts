import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadFiles } from '@/lib/upload';
import { userKeys } from '@/lib/user-query';

export interface UploadedImages {
  images: { id: number; thumb_filename: string }[];
}

/** POST /api/profileimage.php with upload progress (0 to 1). */
export function useUploadPhotos() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (files: File[]) => {
      setProgress(0);
      return uploadFiles<UploadedImages>('/api/profileimage.php', files, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
  return { ...mutation, progress };
}
