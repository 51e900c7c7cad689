import { TYPING_SEND_EVERY_MS, TYPING_SHOWN_MS } from '@amora/shared/rules/chat-live-signs';
import { useEffect, useRef, useState } from 'react';
import { sendTyping, useLiveEvent } from '@/lib/live-channel';

/**
 * Whether the other member of `conversation` is typing (issue 49): true for TYPING_SHOWN_MS
 * after each of their typing frames, and false at once when their message arrives.
 */
export function useOtherTyping(conversation: number, myId: number): boolean {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveEvent((event) => {
    if (event.type === 'typing' && event.conversation === conversation && event.member !== myId) {
      if (timer.current) clearTimeout(timer.current);
      setTyping(true);
      timer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    } else if (
      event.type === 'message' &&
      event.message.conversation === conversation &&
      event.message.sender !== myId
    ) {
      if (timer.current) clearTimeout(timer.current);
      setTyping(false);
    }
  });
  // Another conversation opened in the same page: what was shown belonged to the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new conversation is the reason to reset
  useEffect(() => {
    setTyping(false);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [conversation]);
  return typing;
}

/**
 * Answers the function the composer calls on every change of its text: while there is text,
 * it tells the other member at most every TYPING_SEND_EVERY_MS that this member types.
 */
export function useTypingSignal(conversation: number): (draft: string) => void {
  const last = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new conversation starts afresh
  useEffect(() => {
    last.current = 0;
  }, [conversation]);
  return (draft) => {
    if (!draft.trim()) return;
    const now = Date.now();
    if (now - last.current < TYPING_SEND_EVERY_MS) return;
    last.current = now;
    sendTyping(conversation);
  };
}
