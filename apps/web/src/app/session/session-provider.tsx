import { badgeCount } from '@amora/shared/rules/badge';
import { refreshInterval, SESSION_TIMING } from '@amora/shared/rules/session';
import { type Query, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout as callLogout } from '@/features/auth/api/logout';
import { chatKeys, chatsQueryOptions } from '@/features/chats/api/get-chats';
import { likeKeys, likesQueryOptions } from '@/features/likes/api/get-likes';
import { notificationKeys } from '@/features/notifications/api/get-notifications';
import { isLoggedOut } from '@/lib/api-client';
import { setAppBadge } from '@/lib/app-badge';
import {
  connectLive,
  reportPresence,
  useLiveChannelOpened,
  useLiveEvent,
} from '@/lib/live-channel';
import { useSettings } from '@/lib/settings-query';
import { usePush } from '@/lib/use-push';
import { userKeys, userQueryOptions } from '@/lib/user-query';
import { type Session, SessionContext } from './session-context';

/**
 * The session cycle of spec sections 4 and 9: the user at once, chats and likes a second
 * later, all three on an interval while logged in; a 403 `not_logged_in` on chats or likes
 * refetches the user (no other 403 says anything about the session); logging out clears
 * everything and raises the logging-out flag for a second.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // With push on in this browser, news arrives by push: the lists refresh less often.
  const settings = useSettings().data;
  const push = usePush(settings ? settings.push_pub || null : undefined);
  const interval = refreshInterval(push.status === 'subscribed');

  const { data: user = null } = useQuery(userQueryOptions(interval));
  const isLoggedIn = user !== null;

  const [listsDue, setListsDue] = useState(false);
  const [isLoggingOut, setLoggingOut] = useState(false);
  const wasLoggedIn = useRef(isLoggedIn);

  useEffect(() => {
    if (!isLoggedIn) {
      setListsDue(false);
      return;
    }
    const timer = setTimeout(() => setListsDue(true), SESSION_TIMING.chatsAndLikesDelayMs);
    return () => clearTimeout(timer);
  }, [isLoggedIn]);

  useEffect(() => {
    if (!wasLoggedIn.current && isLoggedIn) {
      void queryClient.refetchQueries({ queryKey: userKeys.all });
    }
    if (wasLoggedIn.current && !isLoggedIn) {
      // Logged out, the messages still waiting in this browser go with the session. The
      // outbox loads with the chat screens, so only here, after them (issue 44).
      void import('@/features/chats/utils/message-outbox').then((outbox) =>
        outbox.clearMessageOutbox(),
      );
      queryClient.removeQueries({ queryKey: chatKeys.all });
      queryClient.removeQueries({ queryKey: likeKeys.all });
      setLoggingOut(true);
      const timer = setTimeout(() => setLoggingOut(false), SESSION_TIMING.loggingOutFlagMs);
      wasLoggedIn.current = isLoggedIn;
      return () => clearTimeout(timer);
    }
    wasLoggedIn.current = isLoggedIn;
  }, [isLoggedIn, queryClient]);

  const listOptions = {
    enabled: isLoggedIn && listsDue,
    refetchInterval: isLoggedIn ? interval : (false as const),
  };
  const chats = useQuery(chatsQueryOptions(listOptions));
  const likes = useQuery(likesQueryOptions(listOptions));

  useEffect(() => {
    if (isLoggedOut(chats.error) || isLoggedOut(likes.error)) {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    }
  }, [chats.error, likes.error, queryClient]);

  // The live channel: events say what changed, the matching query refetches at once.
  useEffect(() => {
    if (!isLoggedIn) return;
    return connectLive();
  }, [isLoggedIn]);
  // Whatever was loaded before the channel opened may have missed an event. After a drop
  // that is everything; at the first opening (mostly before the lists' first load, which
  // waits a second) only the lists already loaded. The user is left to its interval there:
  // it is always loaded first, and refetching it on every page load would double its cost.
  useLiveChannelOpened((reconnected) => {
    const loaded = reconnected ? {} : { predicate: (q: Query) => q.state.data !== undefined };
    for (const queryKey of [chatKeys.all, likeKeys.all, notificationKeys.all]) {
      void queryClient.invalidateQueries({ queryKey, ...loaded });
    }
    if (reconnected) void queryClient.invalidateQueries({ queryKey: userKeys.all });
  });
  // Which conversation the page shows decides whether a push for it is held back.
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the reason to report.
  useEffect(() => {
    reportPresence();
  }, [pathname]);
  useLiveEvent((event) => {
    if (event.type === 'message' || event.type === 'chats') {
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    } else if (event.type === 'likes') {
      void queryClient.invalidateQueries({ queryKey: likeKeys.all });
    } else if (event.type === 'user') {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    } else if (event.type === 'report_presence') {
      reportPresence();
    } else if (event.type === 'notifications') {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    } else if (event.type === 'banned') {
      // Staff banned the account: every open tab leaves for the ban page (the sessions end
      // right after), without the auth gate's detour to the login.
      setLoggingOut(true);
      queryClient.setQueryData(userKeys.all, null);
      navigate('/pages/ban', { replace: true });
    }
  });

  const logout = useCallback(async () => {
    try {
      await callLogout();
    } catch (error) {
      console.warn('Logout failed', error);
    }
    // Raised with the user cleared, so the auth gate does not add its own redirect.
    setLoggingOut(true);
    queryClient.setQueryData(userKeys.all, null);
    navigate('/login');
  }, [navigate, queryClient]);

  const chatList = chats.data?.chats ?? [];
  const likedBy = likes.data?.liked_by ?? [];
  const badge = badgeCount(chatList, likedBy);
  // The icon shows the same number as the navigation: unread messages plus new likes.
  useEffect(() => {
    setAppBadge(isLoggedIn ? badge : 0);
  }, [badge, isLoggedIn]);

  const session: Session = {
    user,
    isLoggedIn,
    isLoggingOut,
    unreadMessages: badgeCount(chatList, []),
    newLikes: badgeCount([], likedBy),
    logout,
  };
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
