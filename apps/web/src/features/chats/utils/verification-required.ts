import { ApiError } from '@/lib/api-client';

/** A new chat or a message refused because the other member hears from verified members only. */
export const isVerificationRequired = (error: unknown) =>
  error instanceof ApiError && error.code === 'verification_required';
