import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/activate.php: a new activation mail (the server allows three an hour). */
export const useResendActivation = () =>
  useMutation({ mutationFn: () => api.post<{ ok: true }>('/api/activate.php', {}) });
