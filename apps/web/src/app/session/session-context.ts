import type { User } from '@amora/shared/schemas/user';
import { createContext, useContext } from 'react';

export interface Session {
  user: User | null;
  isLoggedIn: boolean;
  /** True for a second after logging out, so screens can avoid flashing errors. */
  isLoggingOut: boolean;
  unreadMessages: number;
  newLikes: number;
  logout: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
