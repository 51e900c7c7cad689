import type { Locale } from '@amora/shared/constants';
import type { User } from '@amora/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storedTracking } from '@/lib/tracking';
import { userKeys } from '@/lib/user-query';
import { validateEmail } from './validate-email';

export interface AccountInput {
  email: string;
  name: string;
  password: string;
  country: string;
  language: Locale;
  memberId: number | null;
}

/** POST /api/user.php?new=1: creates the account and logs it in. */
export async function createAccount(input: AccountInput): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const { token } = await validateEmail(email);
  // The hash library loads with the submit, not with the form (issue 24).
  const { signupCsrf } = await import('@amora/shared/rules/signup-csrf');
  const tracking = storedTracking();
  const { user } = await api.post<{ user: User }>('/api/user.php?new=1', {
    email,
    name: input.name.trim(),
    password: input.password,
    trafficsource: Object.keys(tracking).length > 0 ? tracking : null,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? null,
    country: input.country,
    language: input.language,
    profile: input.memberId,
    form_path: window.location.pathname,
    referrer: document.referrer || null,
    csrf: signupCsrf(token, email),
    token,
    n: crypto.randomUUID?.() ?? String(Math.random()).slice(2),
  });
  return user;
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: (user) => queryClient.setQueryData(userKeys.all, user),
  });
}
