import { proxy } from 'comlink';
import type { CountdownEvent, SubscriptionHandle } from '../../workers/api.ts';
import { formatRemaining } from './formatRemaining.ts';
import { createFrameLoop } from './frameLoop.ts';

/** The part of the market worker the board uses (the wrapped worker fits it; tests pass a fake). */
export interface CountdownSource {
  watchCountdown(callback: (event: CountdownEvent) => void): Promise<SubscriptionHandle>;
  unsubscribe(handle: SubscriptionHandle): Promise<void>;
}

export interface CountdownLabels {
  /** Shown from zero until the order's result arrives. */
  readonly settling: string;
}

/**
 * Writes each open order's remaining time straight into its DOM node, for visible nodes only, at most once
 * per animation frame: a thousand countdowns cost one batch message a second and a few text writes, and no
 * React render. Nodes register by order id; an IntersectionObserver keeps the visible set.
 */
export function createCountdownBoard(worker: () => CountdownSource) {
  /** Remaining ms per order id at the last batch. */
  let remaining = new Map<number, number>();
  const due = new Set<number>();
  const idOf = new Map<HTMLElement, number>();
  const visible = new Set<HTMLElement>();
  let labels: CountdownLabels = { settling: '…' };
  let handle: Promise<SubscriptionHandle> | null = null;

  const textFor = (id: number): string => {
    const ms = remaining.get(id);
    if (ms === undefined || ms <= 0 || due.has(id)) return due.has(id) || ms !== undefined ? labels.settling : '';
    return formatRemaining(ms);
  };

  const paint = (): void => {
    for (const node of visible) {
      const id = idOf.get(node);
      if (id === undefined) continue;
      const text = textFor(id);
      if (node.textContent !== text) node.textContent = text;
    }
  };
  const frame = createFrameLoop(paint);

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const node = entry.target as HTMLElement;
      if (entry.isIntersecting) visible.add(node);
      else visible.delete(node);
    }
    frame.request();
  });

  const onEvent = (event: CountdownEvent): void => {
    if (event.kind === 'due') {
      for (const id of event.ids) due.add(id);
    } else {
      const next = new Map<number, number>();
      for (let i = 0; i < event.ids.length; i++) next.set(event.ids[i] ?? 0, event.remainingMs[i] ?? 0);
      // An id that left the batch has settled; forget it as due too.
      for (const id of due) if (!next.has(id)) due.delete(id);
      remaining = next;
    }
    frame.request();
  };

  const start = (): void => {
    if (handle) return;
    handle = worker().watchCountdown(proxy(onEvent));
  };
  const stop = (): void => {
    const h = handle;
    handle = null;
    void h?.then((id) => worker().unsubscribe(id)).catch(() => undefined);
    frame.cancel();
  };

  return {
    setLabels(next: CountdownLabels): void {
      if (next.settling === labels.settling) return;
      labels = next;
      frame.request();
    },
    /** Shows order `id`'s countdown in `node` while it is registered. Returns the unregister. */
    register(node: HTMLElement, id: number): () => void {
      idOf.set(node, id);
      observer.observe(node);
      start();
      return () => {
        observer.unobserve(node);
        idOf.delete(node);
        visible.delete(node);
        if (idOf.size === 0) stop();
      };
    },
    /** Registered and visible nodes, for tests and the benchmark. */
    counts: () => ({ registered: idOf.size, visible: visible.size }),
  };
}

export type CountdownBoard = ReturnType<typeof createCountdownBoard>;
