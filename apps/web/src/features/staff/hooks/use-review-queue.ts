import { useEffect, useState } from 'react';

export type Verdict = 'approve' | 'reject';

/** Whether a key press belongs to a form control (typing there is not a queue command). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);

/**
 * A queue a person works one item at a time (photos, verification selfies): the first item
 * waiting is the current one; A approves it and R rejects it, from anywhere on the page but a
 * form control. A decided item hides at once while the list reloads behind, and comes back
 * when its call fails (`send` is told how: `undo`).
 */
export function useReviewQueue<T extends { id: number }>(
  items: readonly T[] | undefined,
  send: (item: T, verdict: Verdict, undo: () => void) => void,
  busy: boolean,
) {
  const [done, setDone] = useState<Set<number>>(() => new Set());
  const waiting = (items ?? []).filter((item) => !done.has(item.id));
  const current = waiting[0];

  const decide = (verdict: Verdict) => {
    if (!current || busy) return;
    setDone((before) => new Set(before).add(current.id));
    send(current, verdict, () =>
      setDone((before) => {
        const after = new Set(before);
        after.delete(current.id);
        return after;
      }),
    );
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'a') decide('approve');
      if (key === 'r') decide('reject');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return { waiting, current, decide };
}
