import type { ImageRevealResponse } from '@amora/shared/schemas/images';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/image.php?id=&reveal=1: a flagged photo as uploaded, for a member who asks. */
export const useRevealPhoto = () =>
  useMutation({
    mutationFn: async (id: number) =>
      (await api.get<ImageRevealResponse>(`/api/image.php?id=${id}&reveal=1`)).image,
  });
