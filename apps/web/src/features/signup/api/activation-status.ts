import { api } from '@/lib/api-client';

/** GET /api/activate.php: whether the activation mail has left. */
export const getActivationStatus = () => api.get<{ delivered: boolean }>('/api/activate.php');
