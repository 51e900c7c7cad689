import {
  HOLDING_ATTRIBUTE,
  PAGE_DATA_ID,
  START_PRELOADS_ID,
  STARTS_ON_USE_ATTRIBUTE,
  STARTS_ON_USE_VALUE,
} from '@amora/shared/page-marks';

/**
 * What says a visitor is here and about to use the page: the start-up script starts the app
 * at the first of these, and the app prefetches the linked screens after one
 * (route-prefetch.ts). A pointer moving counts (a mouse on a desktop), so the app is usually
 * there before the first click; on a phone the first touch; focus for a screen reader; any
 * field changed, however (a value an assistant filled in). Not 'scroll': the router's own
 * scroll restoration fires it.
 */
export const VISITOR_HERE_EVENTS = [
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
export const visitorActed = (event: Event) =>
  !(
    event.type === 'pointermove' &&
    (event as PointerEvent).movementX === 0 &&
    (event as PointerEvent).movementY === 0
  );

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
  html.setAttribute(HOLDING_ATTRIBUTE, '');
  // What the visitor put into each field, as they left it: the app's takeover may set a
  // field back to the value it was rendered with.
  const typed = new Map<Field, Typed>();
  const onTyped = (event: Event) => {
    const field = event.target;
    if (isField(field) && field.closest('#root')) typed.set(field, typedIn(field));
  };

  const begin = (event: Event) => {
    if (started || !visitorActed(event)) return;
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
    // What was held is done once the whole page is the app's, its effects run (a lander's
    // question on leaving it among them) and the fields typed into told. Until then a tap
    // is still held, so the visitor's last action is the one done, after any earlier.
    void whenAllTakenOver(performance.now() + TAKE_OVER_WAIT_MS).then(async () => {
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
}

/**
 * How long after the app's start a part of the page may still be taken over (a screen's
 * part loaded lazily); past it the fields are told anyway, in case something not React's
 * (a browser extension) put an element into the page.
 */
const TAKE_OVER_WAIT_MS = 3_000;

/** React marks each element it has taken over with its fibre, under a key of this prefix. */
const takenOver = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

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

/**
 * Every part of the page taken over, and the effects of that taking over run: a change
 * told earlier (a language chosen) would have the parts still to be taken over render
 * differently from the markup they take over, and a click done earlier would miss what
 * those parts listen for.
 */
function whenAllTakenOver(until: number): Promise<void> {
  const root = document.getElementById('root');
  // Resource hints React writes where a part rendered them and manages apart from its tree.
  const parts = () => root?.querySelectorAll(':not(link, meta, title, style, script, template)');
  return new Promise((resolve) => {
    const step = () => {
      const waiting = [...(parts() ?? [])].some((element) => !takenOver(element));
      if (!waiting || performance.now() > until) void afterTheAppAnswers().then(resolve);
      else requestAnimationFrame(step);
    };
    step();
  });
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
