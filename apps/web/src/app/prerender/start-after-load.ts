import {
  HOLDING_ATTRIBUTE,
  PAGE_DATA_ID,
  START_PRELOADS_ID,
  STARTS_AFTER_LOAD_ATTRIBUTE,
  STARTS_AFTER_LOAD_VALUE,
} from '@amora/shared/page-marks';

/**
 * What says a visitor is here and about to use the page before it has even loaded: a
 * pointer moving (a mouse on a desktop), a touch, a key, focus for a screen reader, a field
 * changed (a value an assistant filled in). Any of them starts the app at once. Not
 * 'scroll': the browser's own scroll restoration fires it.
 */
const VISITOR_HERE_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'input',
  'change',
] as const;

/**
 * Whether an event of VISITOR_HERE_EVENTS is the visitor's own: a browser moves the pointer
 * itself, without moving it, when the page lays out under a pointer resting on it (to
 * update what it hovers), and that says nothing about the visitor.
 */
const visitorActed = (event: Event) =>
  !(
    event.type === 'pointermove' &&
    (event as PointerEvent).movementX === 0 &&
    (event as PointerEvent).movementY === 0
  );

/** The server rendered this page whole: the app may wait until the page has loaded. */
export function startsAfterLoad(): boolean {
  return (
    document.getElementById(PAGE_DATA_ID)?.getAttribute(STARTS_AFTER_LOAD_ATTRIBUTE) ===
    STARTS_AFTER_LOAD_VALUE
  );
}

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
 * Starts the app once the page has loaded (decision 054): the page came whole from the
 * server, and what it shows, its pictures included, comes before the app's scripts. A
 * visitor who acts before that starts it at once. Until the app has taken the page over, a
 * form sent or a link or button clicked is held and done by the app once it is there (the
 * last one only: a second tap means impatience, not a second action). Typing needs
 * nothing: the fields are the browser's, and what they hold is told to the app once it is
 * there. Should the app fail to load, what was held is done by the browser.
 */
export function startAfterLoad(start: () => Promise<unknown>): void {
  const html = document.documentElement;
  let held: Held | null = null;
  let started = false;
  html.setAttribute(HOLDING_ATTRIBUTE, '');
  // What the visitor put into each field, as they left it: the app's takeover may set a
  // field back to the value it was rendered with.
  const typed = new Map<Field, Typed>();
  const onTyped = (event: Event) => {
    const field = event.target;
    if (isField(field) && field.closest('#root')) typed.set(field, typedIn(field));
  };

  const begin = (event?: Event) => {
    if (started || (event && !visitorActed(event))) return;
    started = true;
    for (const type of VISITOR_HERE_EVENTS) window.removeEventListener(type, begin, true);
    const preloads = document.getElementById(START_PRELOADS_ID);
    if (preloads instanceof HTMLTemplateElement) {
      document.head.append(preloads.content.cloneNode(true));
      preloads.remove();
    }
    start().catch(() => release(false));
  };

  const hold = (event: Event, action: Held) => {
    // Nothing else hears it: a part of the page the app has already taken over would act
    // on it now, and again when it is done.
    event.preventDefault();
    event.stopPropagation();
    held = action;
    if (html.dataset.app !== 'ready') html.dataset.app = 'starting';
    begin(event);
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

  const stopHolding = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('input', onTyped, true);
    document.removeEventListener('change', onTyped, true);
    const action = held;
    held = null;
    return action;
  };

  function release(appStarted: boolean) {
    ready.disconnect();
    if (!appStarted) {
      const action = stopHolding();
      html.removeAttribute(HOLDING_ATTRIBUTE);
      if (html.dataset.app === 'starting') delete html.dataset.app;
      if (action) replay(action, false);
      return;
    }
    // The app says it is ready once it has taken the whole page over (a rendered screen has
    // no part loaded later, decision 054); what was held is done once the effects of that
    // have run (a lander's question on leaving it among them) and the fields typed into are
    // told. Until then a tap is still held, so the visitor's last action is the one done.
    void afterTheAppAnswers().then(async () => {
      const action = stopHolding();
      tellTheAppWhatWasTyped(typed);
      // A form goes once the app has answered what was typed (a name filled in from the
      // address), as it would have between the visitor's typing and tap.
      if (action?.kind === 'submit' && typed.size > 0) await afterTheAppAnswers();
      if (action) replay(action, true);
      html.removeAttribute(HOLDING_ATTRIBUTE);
    });
  }

  for (const type of VISITOR_HERE_EVENTS)
    window.addEventListener(type, begin, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onTyped, true);
  document.addEventListener('change', onTyped, true);
  ready.observe(html, { attributes: true, attributeFilter: ['data-app'] });
  // A task after `load`, so the load's own handlers (the worker's registration) come first.
  const loaded = () => setTimeout(begin, 0);
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** A field's value as the visitor left it: text, the options chosen, or checked. */
type Typed = { text: string } | { chosen: boolean[] } | { checked: boolean };

/** A field whose value can be given back: not a file chosen (a script cannot set one). */
const isField = (target: EventTarget | null): target is Field =>
  (target instanceof HTMLInputElement && !/^(file|hidden)$/.test(target.type)) ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

function typedIn(field: Field): Typed {
  if (field instanceof HTMLSelectElement) {
    return { chosen: [...field.options].map((option) => option.selected) };
  }
  if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) {
    return { checked: field.checked };
  }
  return { text: field.value };
}

/** React renders and runs the effects of what it was just told: the next frame, then a task. */
const afterTheAppAnswers = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Fields filled before the app was there: the app takes them over as the server rendered
 * them, and reads a field's value from its change events (react-hook-form, React's own
 * `onChange`). So each such field is given what the visitor left in it and told, as if the
 * visitor had just typed it. React notices a change only against the value it last set:
 * that is set to the rendered one first, through React's own setter, and the visitor's
 * put back.
 */
function tellTheAppWhatWasTyped(typed: Map<Field, Typed>) {
  for (const [field, value] of typed) {
    if (field.isConnected && !field.disabled) tell(field, value);
  }
}

function tell(field: Field, value: Typed) {
  if ('chosen' in value && field instanceof HTMLSelectElement) {
    [...field.options].forEach((option, index) => {
      option.selected = value.chosen[index] ?? false;
    });
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if ('checked' in value && field instanceof HTMLInputElement) {
    // A click sets it as left and tells React, which hears a checkbox by its click.
    field.checked = !value.checked;
    field.click();
  } else if ('text' in value && !(field instanceof HTMLSelectElement)) {
    field.value = field.defaultValue;
    const prototype = Object.getPrototypeOf(field) as typeof HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value.text);
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
  // A submit button the app holds back (disabled while the form has errors) would not send:
  // the form is sent without it, and the app's own validation then says what is missing.
  const usable =
    submitter?.isConnected &&
    form.contains(submitter) &&
    !(submitter instanceof HTMLButtonElement && submitter.disabled);
  form.requestSubmit(usable ? submitter : null);
}
