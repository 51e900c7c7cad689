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

/** What an order sends: the product, the method and, when its price was lowered, the code. */
export type OrderInput = CreateOrderInput & { discount_code?: string };

/** POST /api/orders.php: a pending order and where to pay it (409 `discount_invalid`: the code cannot be used). */
export const useCreateOrder = () =>
  useMutation({
    mutationFn: (input: OrderInput) => api.post<CreateOrderResponse>('/api/orders.php', input),
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
