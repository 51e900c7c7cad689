import type {
  CreateOrderInput,
  CreateOrderResponse,
  LastOrderResponse,
  OrderResponse,
} from '@amora/shared/schemas/orders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const orderKeys = {
  all: ['orders'] as const,
  one: (id: string) => [...orderKeys.all, id] as const,
  last: () => [...orderKeys.all, 'last'] as const,
};

/** POST /api/orders.php: a pending order and where to pay it. */
export const useCreateOrder = () =>
  useMutation({
    mutationFn: (input: CreateOrderInput) =>
      api.post<CreateOrderResponse>('/api/orders.php', input),
  });

/** GET /api/orders.php?id=: read every 3 s while the provider has not answered. */
export const useOrder = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.one(id),
    queryFn: () => api.get<OrderResponse>(`/api/orders.php?id=${encodeURIComponent(id)}`),
    enabled,
    refetchInterval: (query) => (query.state.data?.order.status === 'pending' ? 3000 : false),
  });

/** GET /api/last-order.php: what "buy again" orders. */
export const useLastOrder = () =>
  useQuery({
    queryKey: orderKeys.last(),
    queryFn: () => api.get<LastOrderResponse>('/api/last-order.php'),
  });
