/** The app badge and navigation count: unread chat messages plus new likes (spec section 1). */
export function badgeCount(
  chats: readonly { num_unread_messages: number }[],
  likedBy: readonly { like_new: boolean }[],
): number {
  const unread = chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0);
  return unread + likedBy.filter((like) => like.like_new).length;
}
