import { proxy } from 'comlink';
import type { ClockMessage, SubscriptionHandle } from '../../workers/api.ts';
import { msToNextStep } from './countdownSteps.ts';
import { formatRemaining } from './formatRemaining.ts';
import { deviceNow } from '../../shared/clock.ts';

/** The part of the market worker the board uses (the wrapped worker fits it; tests pass a fake). */
export interface ClockSource {
  watchClock(callback: (message: ClockMessage) => void): Promise<SubscriptionHandle>;
  unsubscribe(handle: SubscriptionHandle): Promise<void>;
}

export interface CountdownLabels {
  /** Shown from zero until the order's result arrives. */
  readonly settling: string;
}

/** Which registered nodes are on screen; the default is an IntersectionObserver. */
export interface VisibilityWatch {
  observe(node: HTMLElement): void;
  unobserve(node: HTMLElement): void;
}

export interface BoardDeps {
  readonly worker: () => ClockSource;
  /** The device clock the worker's offset is relative to (deviceNow: the worker and the page share it). */
  readonly now?: () => number;
  readonly visibility?: (onChange: (node: HTMLElement, visible: boolean) => void) => VisibilityWatch;
}

const intersectionWatch = (onChange: (node: HTMLElement, visible: boolean) => void): VisibilityWatch =>
  new IntersectionObserver((entries) => {
    for (const entry of entries) onChange(entry.target as HTMLElement, entry.isIntersecting);
  });

/**
 * Paints each visible open order's remaining time into its DOM node, from the server-clock offset (sent by the
 * worker when it changes) and the order's settle time: nothing crosses the worker seam per second. One timer
 * wakes at the next step of any visible row, so each countdown steps on its own order's second; rows off
 * screen are blank and not looked at, and with nothing visible there is no timer at all.
 */
export function createCountdownBoard(deps: BoardDeps) {
  const now = deps.now ?? deviceNow;
  const settleOf = new Map<HTMLElement, number>();
  const visible = new Set<HTMLElement>();
  let offsetMs: number | null = null;
  let labels: CountdownLabels = { settling: '…' };
  let handle: Promise<SubscriptionHandle> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const paint = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (offsetMs === null) return;
    const serverNow = now() + offsetMs;
    let wake = Infinity;
    for (const node of visible) {
      const settleTime = settleOf.get(node);
      if (settleTime === undefined) continue;
      const remaining = settleTime - serverNow;
      const text = remaining > 0 ? formatRemaining(remaining) : labels.settling;
      if (node.textContent !== text) node.textContent = text;
      const next = msToNextStep(remaining);
      if (next !== null && next < wake) wake = next;
    }
    if (wake !== Infinity) timer = setTimeout(paint, wake);
  };

  const watch = (deps.visibility ?? intersectionWatch)((node, isVisible) => {
    if (isVisible) visible.add(node);
    else {
      visible.delete(node);
      // Not looked at off screen, so it must not keep a second that will pass: blank until it is back, when it
      // is painted at once (a list that shifts under a row would otherwise leave it frozen at its last value).
      node.textContent = '';
    }
    paint();
  });

  const onClock = (message: ClockMessage): void => {
    offsetMs = message.offsetMs;
    paint();
  };

  const start = (): void => {
    if (handle) return;
    handle = deps.worker().watchClock(proxy(onClock));
  };
  const stop = (): void => {
    const h = handle;
    handle = null;
    void h?.then((id) => deps.worker().unsubscribe(id)).catch(() => undefined);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  return {
    setLabels(next: CountdownLabels): void {
      if (next.settling === labels.settling) return;
      labels = next;
      paint();
    },
    /** Shows the countdown to `settleTime` (server epoch ms) in `node` while it is registered. Returns the unregister. */
    register(node: HTMLElement, settleTime: number): () => void {
      settleOf.set(node, settleTime);
      watch.observe(node);
      start();
      return () => {
        watch.unobserve(node);
        settleOf.delete(node);
        visible.delete(node);
        if (settleOf.size === 0) stop();
      };
    },
    /** Registered and visible nodes, and whether a timer is set: for tests and the benchmark. */
    counts: () => ({ registered: settleOf.size, visible: visible.size, timer: timer !== null }),
  };
}

export type CountdownBoard = ReturnType<typeof createCountdownBoard>;
