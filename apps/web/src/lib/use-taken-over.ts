import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False in the server's rendering of a page and while the app takes that page over; true
 * from then on, and at once in a page the app renders itself. A rule that holds a control
 * back (a submit button disabled while the form has errors) is the app's to apply: before
 * the app is there, the browser's own controls must take the visitor's Enter or tap, which
 * the start-up script holds for the app (prerender/start-on-use.ts).
 */
export const useTakenOver = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
