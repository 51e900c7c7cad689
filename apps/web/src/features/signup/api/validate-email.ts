import { EMAIL_CHECK_DEBOUNCE_MS } from '@amora/shared/rules/signup-steps';
import type { ValidateEmailResponse } from '@amora/shared/schemas/signup';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

export const validateEmail = (email: string) =>
  api.get<ValidateEmailResponse>(`/api/validate_email.php?email=${encodeURIComponent(email)}`);

/** Checked only when the text has an @ and a dot (spec section 5). */
export const isCheckable = (email: string) => email.includes('@') && email.includes('.');

/** The server's verdict on an address, asked 500 ms after typing stops. */
export function useEmailStatus(email: string) {
  const [debounced, setDebounced] = useState(email);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(email.trim()), EMAIL_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email]);
  const enabled = isCheckable(debounced) && debounced === email.trim();
  return useQuery({
    queryKey: ['validate-email', debounced.toLowerCase()],
    queryFn: () => validateEmail(debounced),
    enabled,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
