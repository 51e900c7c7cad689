import { discountSchema } from '@amora/shared/schemas/discounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/discountcode.php `{ offer: "stay" }`: the personal premium code the deletion
 * dialog offers (`companyinfo.delete_discount` % for 14 days, once per member).
 */
export const useClaimStayOffer = () =>
  useMutation({
    mutationFn: async () =>
      discountSchema.parse(await api.post<unknown>('/api/discountcode.php', { offer: 'stay' })),
  });
