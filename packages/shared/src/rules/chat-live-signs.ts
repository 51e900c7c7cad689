/**
 * The chat's live signs (issue 49, docs/decisions/061): how often a tab says its member is
 * typing, how long the other side shows it, and how long a sent message can be taken back.
 * The server refuses an unsend after the window (409 `unsend_window_closed`); the app offers
 * "Unsend" only inside it.
 */

/** A tab sends `{ type: "typing" }` at most this often while its member types. */
export const TYPING_SEND_EVERY_MS = 3000;

/** The other side shows "typing…" this long after the last typing frame. */
export const TYPING_SHOWN_MS = 5000;

/** A message can be unsent by its sender for this many minutes after it was sent. */
export const UNSEND_WINDOW_MINUTES = 10;

/** Whether a message sent at `createdAt` can still be unsent at `now`. */
export function mayStillUnsend(createdAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - createdAt.getTime() < UNSEND_WINDOW_MINUTES * 60_000;
}
