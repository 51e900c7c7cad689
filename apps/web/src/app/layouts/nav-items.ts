import { Bell, Heart, MessageCircle, Search, UserRound } from 'lucide-react';

/** The five member destinations (UI.md "Layout"), the same on phones and desktops. */
export const NAV_ITEMS = [
  { key: 'search', to: '/members', icon: Search, count: null },
  { key: 'likes', to: '/likes', icon: Heart, count: 'newLikes' },
  { key: 'chats', to: '/chats', icon: MessageCircle, count: 'unreadMessages' },
  { key: 'notifications', to: '/notifications', icon: Bell, count: null },
  { key: 'profile', to: '/profile', icon: UserRound, count: null },
] as const;
