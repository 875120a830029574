// A long form's first paint shows its first screen: the controls further down (or in a hidden pane) mount when
// they come near the view, and the rest a few at a time while the browser is idle, so that every control is there
// shortly after. Their Form.Items (value, rules, messages) are in the form from the start: only the widget waits.
// Without IntersectionObserver (tests, old browsers) every control mounts at once.
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/** how many value controls, in the form's order, mount with the form (about two screens of fields) */
export const EAGER_CONTROLS = 40;
/** how many waiting controls mount in one idle period */
const IDLE_BATCH = 8;
/** what counts as near the view */
const NEAR = '300px';

const canWait = typeof window !== 'undefined' && typeof window.IntersectionObserver === 'function';

/** the waiting controls' mount calls, in the order they registered (the form's order) */
const waiting = new Set<() => void>();
let pumping = false;

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 250 })
    : window.setTimeout(run, 16);

function pump() {
  const batch = [...waiting].slice(0, IDLE_BATCH);
  batch.forEach((show) => waiting.delete(show));
  // a transition: typing meanwhile is not held up by the controls mounting
  startTransition(() => batch.forEach((show) => show()));
  if (waiting.size) whenIdle(pump);
  else pumping = false;
}

let observer: IntersectionObserver | null = null;
const onSeen = new WeakMap<Element, () => void>();

function observe(element: Element, show: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => entries.forEach((entry) => entry.isIntersecting && onSeen.get(entry.target)?.()),
    { rootMargin: NEAR },
  );
  onSeen.set(element, show);
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    onSeen.delete(element);
  };
}

/**
 * Whether the control may mount now: at once when `eager`, else once its placeholder (`ref`) nears the view or the
 * browser has had the time to mount those before it.
 */
export function useDeferredMount(eager: boolean): { shown: boolean; ref: RefObject<HTMLDivElement | null> } {
  const [shown, setShown] = useState(eager || !canWait);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) return;
    const show = () => setShown(true);
    const stop = ref.current ? observe(ref.current, show) : () => {};
    waiting.add(show);
    if (!pumping) {
      pumping = true;
      whenIdle(pump);
    }
    return () => {
      stop();
      waiting.delete(show);
    };
  }, [shown]);
  return { shown: shown || eager, ref };
}
