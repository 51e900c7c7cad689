import {
  PAGE_DATA_ID,
  START_PRELOADS_ID,
  STARTS_ON_USE_ATTRIBUTE,
  STARTS_ON_USE_VALUE,
} from '@amora/shared/page-marks';

/**
 * What says a visitor is here and about to use the page: the start-up script starts the app
 * at the first of these, and the app prefetches the linked screens after one
 * (route-prefetch.ts). A pointer moving counts (a mouse on a desktop), so the app is usually
 * there before the first click; on a phone the first touch; focus for a screen reader. Not
 * 'scroll': the router's own scroll restoration fires it.
 */
export const VISITOR_HERE_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
] as const;

/** The server rendered this page whole and asked for the app to start on first use. */
export function startsOnFirstUse(): boolean {
  return (
    document.getElementById(PAGE_DATA_ID)?.getAttribute(STARTS_ON_USE_ATTRIBUTE) ===
    STARTS_ON_USE_VALUE
  );
}

let startedByUse = false;

/** Whether the visitor's use started the app: they are there, and acting (route-prefetch.ts). */
export const appStartedByUse = () => startedByUse;

type Held =
  | { kind: 'click'; element: HTMLElement }
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/** A click the app must answer: a link within the app to another page, or a button. */
function needsTheApp(element: Element): element is HTMLElement {
  if (element instanceof HTMLAnchorElement) {
    if ((element.target && element.target !== '_self') || element.hasAttribute('download')) {
      return false;
    }
    const url = new URL(element.href, window.location.href);
    if (url.origin !== window.location.origin) return false;
    // A jump within the page (the lander's "Sign up for free") is the browser's to make.
    const samePage =
      url.pathname === window.location.pathname && url.search === window.location.search;
    return !(samePage && url.hash);
  }
  // A submit button sends its form, and the form's submit event is what is held.
  if (element instanceof HTMLButtonElement) return !(element.type === 'submit' && element.form);
  return element instanceof HTMLElement;
}

/**
 * Starts the app at the visitor's first touch, key or pointer, not at load (decision 048):
 * the page came whole from the server, and reading it needs no script. Until the app has
 * taken the page over, a form sent or a link or button clicked is held and done again by
 * the app once it is there (the last one only: a second tap means impatience, not a second
 * action). Typing needs nothing: the fields are the browser's, and what they hold is told
 * to the app once it is there. Should the app fail to load, what was held is done by the
 * browser.
 */
export function startOnFirstUse(start: () => Promise<unknown>): void {
  const html = document.documentElement;
  let held: Held | null = null;
  let started = false;

  const begin = () => {
    if (started) return;
    started = true;
    startedByUse = true;
    for (const type of VISITOR_HERE_EVENTS) window.removeEventListener(type, begin, true);
    const preloads = document.getElementById(START_PRELOADS_ID);
    if (preloads instanceof HTMLTemplateElement) {
      document.head.append(preloads.content.cloneNode(true));
      preloads.remove();
    }
    start().catch(() => release(false));
  };

  const hold = (event: Event, action: Held) => {
    event.preventDefault();
    held = action;
    html.dataset.app = 'starting';
    begin();
  };
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const element = (event.target as Element | null)?.closest?.('a[href], button, [role="button"]');
    if (element && needsTheApp(element)) hold(event, { kind: 'click', element });
  };
  const onSubmit = (event: SubmitEvent) => {
    if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
    hold(event, { kind: 'submit', form: event.target, submitter: event.submitter });
  };

  const ready = new MutationObserver(() => {
    if (html.dataset.app === 'ready') release(true);
  });

  function release(appStarted: boolean) {
    ready.disconnect();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    const action = held;
    held = null;
    if (!appStarted) {
      if (html.dataset.app === 'starting') delete html.dataset.app;
      if (action) replay(action, false);
      return;
    }
    // A form held for the app is sent once the app knows what was typed into it.
    const told = tellTheAppWhatWasTyped();
    if (action?.kind === 'submit') void told.then(() => replay(action, true));
    else if (action) replay(action, true);
  }

  for (const type of VISITOR_HERE_EVENTS)
    window.addEventListener(type, begin, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  ready.observe(html, { attributes: true, attributeFilter: ['data-app'] });
}

/** How long after the app's start a part of the page may still be taken over. */
const TAKE_OVER_WAIT_MS = 10_000;

/** React marks each element it has taken over with its fibre, under a key of this prefix. */
const takenOver = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const typedBeforeTheApp = (field: Field) => {
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) {
    return field.checked !== field.defaultChecked;
  }
  return !/^(file|hidden)$/.test(field.type) && field.value !== field.defaultValue;
};

/**
 * Fields filled before the app was there keep what the visitor typed, but the app takes
 * them over as the server rendered them, and reads a field's value from its change events
 * (react-hook-form, React's own `onChange`). So each such field is told once, as soon as it
 * is taken over (a part loaded lazily is taken over after the rest), as if the visitor had
 * just typed it. React notices a change only against the value it last set: that is set to
 * the server's first, through React's own setter, and the visitor's put back.
 */
function tellTheAppWhatWasTyped(): Promise<void> {
  const fields = [
    ...document.querySelectorAll<Field>('#root input, #root textarea, #root select'),
  ].filter(typedBeforeTheApp);
  const until = performance.now() + TAKE_OVER_WAIT_MS;
  return new Promise((resolve) => {
    const step = () => {
      for (const field of fields.filter(takenOver)) {
        fields.splice(fields.indexOf(field), 1);
        tell(field);
      }
      if (fields.length === 0 || performance.now() > until) resolve();
      else requestAnimationFrame(step);
    };
    step();
  });
}

function tell(field: Field) {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (/^(checkbox|radio)$/.test(field.type)) {
    const checked = (field as HTMLInputElement).checked;
    (field as HTMLInputElement).checked = !checked;
    field.click();
  } else {
    const typed = field.value;
    field.value = field.defaultValue;
    const prototype = Object.getPrototypeOf(field) as typeof HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function replay(action: Held, byTheApp: boolean) {
  if (action.kind === 'click') {
    if (!action.element.isConnected) return;
    if (byTheApp) action.element.click();
    else if (action.element instanceof HTMLAnchorElement)
      window.location.assign(action.element.href);
    return;
  }
  const { form, submitter } = action;
  if (!form.isConnected) return;
  if (!byTheApp) {
    // The browser's own post (decision 046): the server answers it with the page again.
    HTMLFormElement.prototype.submit.call(form);
    return;
  }
  const button = submitter?.isConnected && form.contains(submitter) ? submitter : null;
  form.requestSubmit(button);
}
