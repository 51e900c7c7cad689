import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/session-context';
import { useCurrentRoute } from './current-route';

/**
 * Sends a visitor on a login-only route to the login page, also when the session ends
 * while they are there (a 403 during polling). The route loader does the same on entry.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { isLoggedIn, isLoggingOut } = useSession();
  const route = useCurrentRoute();
  const location = useLocation();
  const navigate = useNavigate();
  const blocked = route?.auth === 'required' && !isLoggedIn;

  useEffect(() => {
    if (blocked && !isLoggingOut) {
      navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      });
    }
  }, [blocked, isLoggingOut, location, navigate]);

  return blocked ? null : children;
}
