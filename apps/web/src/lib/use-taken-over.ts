import { HOLDING_ATTRIBUTE } from '@amora/shared/page-marks';
import { useSyncExternalStore } from 'react';

const html = () => document.documentElement;

const subscribe = (changed: () => void) => {
  const observer = new MutationObserver(changed);
  observer.observe(html(), { attributes: true, attributeFilter: [HOLDING_ATTRIBUTE] });
  return () => observer.disconnect();
};

/**
 * False in the server's rendering of a page and until the app has everything the visitor
 * did before it came (the start-up script's hold, prerender/start-after-load.ts); true from then
 * on, and at once in a page the app renders itself. A rule that holds a control back (a
 * submit button disabled while the form has errors) is the app's to apply only then: before,
 * the browser's own controls must take the visitor's Enter or tap, which the start-up
 * script holds for the app, and a tap must not land on a button disabled for the moment the
 * app takes over a form it has not yet been told the contents of.
 */
export const useTakenOver = () =>
  useSyncExternalStore(
    subscribe,
    () => !html().hasAttribute(HOLDING_ATTRIBUTE),
    () => false,
  );
