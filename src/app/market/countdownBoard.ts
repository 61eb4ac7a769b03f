// Step timing lives here, on the page's side only. Each countdown steps from the board's own timer at its order's
// second on the server clock. A change the page paints (a price, a trade) that arrives at most HOLD_MS before the next
// step is held and applied in that step's task, so a busy phone paints one frame for both, not two a few ms apart;
// work whose moment does not matter waits for the room just after a step (`whenQuiet`). Nothing steers the worker's
// requests to land on the step: the market arrives over the live stream at the server's ticks, which no request
// timing moves, and the polls left (kdata every 10 s or slower, the order lists) are too rare to show in a step.
import { oneWay } from '../../shared/one-way-callback.ts';
import type { ClockMessage, SubscriptionHandle } from '../../workers/api.ts';
import { msToNextStep } from './countdownSteps.ts';
import { formatRemaining } from '../format/duration.ts';
import { deviceNow } from '../../shared/clock.ts';

/** The part of the market worker the board uses (the wrapped worker fits it; tests pass a fake). */
export interface ClockSource {
  watchClock(callback: (message: ClockMessage) => void): Promise<SubscriptionHandle>;
  unsubscribe(handle: SubscriptionHandle): Promise<void>;
}

/** A change the page would paint that arrives this close before the countdowns' next step waits for it. */
export const HOLD_MS = 200;

export interface CountdownLabels {
  /** Shown from zero until the order's result arrives. */
  readonly settling: string;
}

/** Which registered nodes are on screen; the default is an IntersectionObserver. */
export interface VisibilityWatch {
  observe(node: Element): void;
  unobserve(node: Element): void;
}

export interface BoardDeps {
  readonly worker: () => ClockSource;
  /** The device clock the worker's offset is relative to (deviceNow: the worker and the page share it). */
  readonly now?: () => number;
  readonly visibility?: (onChange: (node: Element, visible: boolean) => void) => VisibilityWatch;
  /** Runs the held changes as one batch that renders at once (React's flushSync), so they make the step's frame. */
  readonly together?: (apply: () => void) => void;
  /** Runs `work` in a task after the next frame (the default: an animation frame, then a timer). */
  readonly afterFrame?: (work: () => void) => void;
}

/** After the frame in flight is painted; a hidden page paints no frames, so a timer is enough there. */
const afterNextFrame = (work: () => void): void => {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(work, 0));
  else setTimeout(work, 0);
};

const intersectionWatch = (onChange: (node: Element, visible: boolean) => void): VisibilityWatch =>
  new IntersectionObserver((entries) => {
    for (const entry of entries) onChange(entry.target, entry.isIntersecting);
  });

/** A countdown's text, or a progress ring's arc (an SVG stroke with pathLength 100) from open to settle time. */
type Entry = { readonly kind: 'text'; readonly settleTime: number } | { readonly kind: 'ring'; readonly openTime: number; readonly settleTime: number };

/** How much of the ring is gone, in the stroke's 0–100 units, to a tenth (finer is below a pixel). */
const ringGone = (entry: { readonly openTime: number; readonly settleTime: number }, serverNow: number): string =>
  (Math.round((1000 * Math.min(1, Math.max(0, (serverNow - entry.openTime) / Math.max(1, entry.settleTime - entry.openTime))))) / 10).toString();

/**
 * Paints each visible open order's remaining time into its DOM node, from the server-clock offset (sent by the
 * worker when it changes) and the order's settle time: nothing crosses the worker seam per second. One timer
 * wakes at the next step of any visible row, so each countdown steps on its own order's second; rows off
 * screen are blank and not looked at, and with nothing visible there is no timer at all.
 * Progress rings step with them, once a second: a browser animation of the stroke would restyle and repaint
 * the page every frame (a third of a slow phone's main thread) for an arc that moves a pixel every few seconds.
 */
export function createCountdownBoard(deps: BoardDeps) {
  const now = deps.now ?? deviceNow;
  const entryOf = new Map<Element, Entry>();
  const visible = new Set<Element>();
  let offsetMs: number | null = null;
  let labels: CountdownLabels = { settling: '…' };
  let handle: Promise<SubscriptionHandle> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the timer fires, on the device clock. */
  let wakeAt = Infinity;
  /** Changes held for the next step, in arrival order. */
  let held: (() => void)[] = [];
  /** Work that waits for the room just after a step (see `whenQuiet`). */
  let quiet: (() => void)[] = [];
  let quietScheduled = false;

  const runQuiet = (): void => {
    quietScheduled = false;
    const due = quiet;
    quiet = [];
    for (const work of due) work();
  };
  const runQuietAfterFrame = (): void => {
    if (quiet.length === 0 || quietScheduled) return;
    quietScheduled = true;
    (deps.afterFrame ?? afterNextFrame)(runQuiet);
  };

  /** `together` only from the step's own timer: flushSync may not run inside React's render or commit. */
  const applyHeld = (together: boolean): void => {
    if (held.length === 0) return;
    const due = held;
    held = [];
    const all = (): void => {
      for (const apply of due) apply();
    };
    if (together && deps.together) deps.together(all);
    else all();
  };

  const paint = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    wakeAt = Infinity;
    if (offsetMs === null) return;
    const serverNow = now() + offsetMs;
    let wake = Infinity;
    for (const node of visible) {
      const entry = entryOf.get(node);
      if (entry === undefined) continue;
      const remaining = entry.settleTime - serverNow;
      if (entry.kind === 'text') {
        const settling = remaining <= 0;
        const text = settling ? labels.settling : formatRemaining(remaining);
        setText(node, text);
        // The label may be wider than a countdown: the node gives up its fixed size (market.css), once.
        if (settling !== node.hasAttribute('data-settling')) node.toggleAttribute('data-settling', settling);
      } else {
        const gone = ringGone(entry, serverNow);
        if (node.getAttribute('stroke-dashoffset') !== gone) node.setAttribute('stroke-dashoffset', gone);
      }
      const next = msToNextStep(remaining);
      if (next !== null && next < wake) wake = next;
    }
    if (wake !== Infinity) {
      timer = setTimeout(step, wake);
      wakeAt = now() + wake;
    } else runQuietAfterFrame();
  };

  /** A countdown's step: what was held for it goes first, so the page paints both in one frame. */
  const step = (): void => {
    timer = null;
    applyHeld(true);
    paint();
    runQuietAfterFrame();
  };

  const watch = (deps.visibility ?? intersectionWatch)((node, isVisible) => {
    if (isVisible) visible.add(node);
    else {
      visible.delete(node);
      // Not looked at off screen, so it must not keep a second that will pass: blank until it is back, when it
      // is painted at once (a list that shifts under a row would otherwise leave it frozen at its last value).
      if (entryOf.get(node)?.kind === 'text') node.textContent = '';
    }
    paint();
  });

  const onClock = (message: ClockMessage): void => {
    offsetMs = message.offsetMs;
    paint();
  };

  const add = (node: Element, entry: Entry): (() => void) => {
    entryOf.set(node, entry);
    watch.observe(node);
    start();
    return () => {
      watch.unobserve(node);
      entryOf.delete(node);
      visible.delete(node);
      if (entryOf.size === 0) stop();
    };
  };

  const start = (): void => {
    if (handle) return;
    handle = deps.worker().watchClock(oneWay(onClock));
  };
  const stop = (): void => {
    const h = handle;
    handle = null;
    void h?.then((id) => deps.worker().unsubscribe(id)).catch(() => undefined);
    if (timer !== null) clearTimeout(timer);
    timer = null;
    wakeAt = Infinity;
    applyHeld(false);
    runQuietAfterFrame();
  };

  return {
    setLabels(next: CountdownLabels): void {
      if (next.settling === labels.settling) return;
      labels = next;
      paint();
    },
    /** Shows the countdown to `settleTime` (server epoch ms) in `node` while it is registered. Returns the unregister. */
    register(node: HTMLElement, settleTime: number): () => void {
      return add(node, { kind: 'text', settleTime });
    },
    /** Empties the ring `stroke` (pathLength 100) from `openTime` to `settleTime` while it is registered. */
    registerRing(stroke: SVGElement, openTime: number, settleTime: number): () => void {
      return add(stroke, { kind: 'ring', openTime, settleTime });
    },
    /**
     * Runs `apply` (a change the page paints) now, or at the countdowns' next step when that is at most HOLD_MS
     * away, just before the step is painted: one frame for both instead of two.
     */
    hold(apply: () => void): void {
      if (wakeAt - now() <= HOLD_MS) held.push(apply);
      else apply();
    },
    /**
     * Runs `work`, a long task whose moment does not matter (a module's evaluation), where it delays no step: at
     * once with no countdown on screen, else after the next step's frame, the most room a second gives.
     */
    whenQuiet(work: () => void): void {
      if (timer === null) work();
      else quiet.push(work);
    },
    /** Registered and visible nodes, whether a timer is set, and changes held: for tests and the benchmark. */
    counts: () => ({ registered: entryOf.size, visible: visible.size, timer: timer !== null, held: held.length }),
  };
}

export type CountdownBoard = ReturnType<typeof createCountdownBoard>;

/**
 * Writes a countdown's text by changing its text node's data, not by replacing the node (textContent): a changed
 * character run re-lays out that run inside the sized countdown; a new node is inserted, restyled and laid out
 * from the document down, every second for every visible countdown.
 */
function setText(node: Element, text: string): void {
  const first = node.firstChild;
  if (first !== null && first === node.lastChild && first.nodeType === Node.TEXT_NODE) {
    const run = first as Text;
    if (run.data !== text) run.data = text;
  } else if (node.textContent !== text) node.textContent = text;
}
