import { useRef } from 'react';
import { useUser } from '@/lib/user-query';

/**
 * Whether the visitor was already logged in when the page learned who they are. Pages
 * with the signup form send members away, but not the visitor who just signed up there:
 * the form takes them on to the next step itself (sending them away would race it).
 */
export function useArrivedLoggedIn(): boolean {
  const user = useUser();
  const arrived = useRef<boolean | null>(null);
  if (arrived.current === null && user.isSuccess) arrived.current = user.data !== null;
  return arrived.current === true;
}
