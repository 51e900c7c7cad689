import type {
  ServiceRequestInput,
  ServiceRequestResponse,
} from '@amora/shared/schemas/service-requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/service-request.php: a question or complaint; answers its reference. */
export const sendServiceRequest = (body: ServiceRequestInput) =>
  api.post<ServiceRequestResponse>('/api/service-request.php', body);

export const useSendServiceRequest = () => useMutation({ mutationFn: sendServiceRequest });
