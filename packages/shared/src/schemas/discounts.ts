import { z } from 'zod';

export const discountSchema = z.object({
  code: z.string(),
  kind: z.enum(['welcome', 'time_bonus', 'personal']),
  percent: z.number().int(),
  expires_at: z.string(),
});
