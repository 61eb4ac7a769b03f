// The countdown board: it paints from the server-clock offset and each order's settle time, with one timer
// that wakes at the next step of any visible row. Time is vitest's fake clock; visibility is a fake watch
// except in the last test, which uses the real IntersectionObserver on a page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClockMessage } from '../../workers/api.ts';
import { createCountdownBoard, type VisibilityWatch } from './countdownBoard.ts';
import { msToNextStep } from './countdownSteps.ts';

function fakeWorker() {
  const state: { send: ((m: ClockMessage) => void) | null; unsubscribed: number[] } = { send: null, unsubscribed: [] };
  return {
    state,
    worker: {
      watchClock: async (callback: (m: ClockMessage) => void) => {
        state.send = callback;
        return 7;
      },
      unsubscribe: async (handle: number): Promise<void> => {
        state.unsubscribed.push(handle);
      },
    },
  };
}

/** Every observed node is on screen at once, unless the test hides it. */
function fakeVisibility() {
  let report: (node: Element, visible: boolean) => void = () => undefined;
  const make = (onChange: (node: Element, visible: boolean) => void): VisibilityWatch => {
    report = onChange;
    return { observe: (node) => onChange(node, true), unobserve: () => undefined };
  };
  return { make, set: (node: Element, visible: boolean) => report(node, visible) };
}

/** Lets the board's promise chains run (vi.waitUntil would move the fake clock). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

// The phone is 10 minutes behind the server.
const OFFSET = 600_000;
const T = 1_700_000_000_000;

describe('msToNextStep', () => {
  it('steps when the remaining time reaches the next whole second: D is shown while remaining is in (D-1, D]', () => {
    expect(msToNextStep(7_253)).toBe(253);
    expect(msToNextStep(7_000)).toBe(1_000);
    expect(msToNextStep(6_999)).toBe(999);
    expect(msToNextStep(1)).toBe(1);
    expect(msToNextStep(0)).toBeNull();
    expect(msToNextStep(-5)).toBeNull();
  });
});

describe('countdown board', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T);
  });
  afterEach(() => vi.useRealTimers());

  it("steps each countdown on its own order's second, on the server clock, with one timer", () => {
    const { state, worker } = fakeWorker();
    const seen = fakeVisibility();
    const board = createCountdownBoard({ worker: () => worker, visibility: seen.make });
    board.setLabels({ settling: 'Settling' });
    const a = document.createElement('span');
    const b = document.createElement('span');
    // a settles 2.253 s from now on the server clock, b 3.600 s.
    board.register(a, T + OFFSET + 2_253);
    board.register(b, T + OFFSET + 3_600);
    expect(state.send).not.toBeNull();
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    expect([a.textContent, b.textContent]).toEqual(['0:03', '0:04']);

    // The timer wakes at each row's own step, not on whole seconds: 253 ms (a→2), 600 ms (b→3), 1 253 ms (a→1)…
    vi.advanceTimersByTime(252);
    expect(a.textContent).toBe('0:03');
    vi.advanceTimersByTime(1);
    expect(a.textContent).toBe('0:02');
    vi.advanceTimersByTime(346);
    expect(b.textContent).toBe('0:04');
    vi.advanceTimersByTime(1);
    expect(b.textContent).toBe('0:03');
    vi.advanceTimersByTime(653);
    expect([a.textContent, b.textContent]).toEqual(['0:01', '0:03']);
    // At the settle time: the settling label until the result replaces the row.
    vi.advanceTimersByTime(1_000);
    expect([a.textContent, b.textContent]).toEqual(['Settling', '0:02']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_347);
    expect(b.textContent).toBe('Settling');
    // Everything reached zero: no timer left.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds a change that comes just before a step and applies it first in that step, so both paint in one frame', () => {
    const { state, worker } = fakeWorker();
    const order: string[] = [];
    // The app passes React's flushSync: the held changes render as one batch, in the step's task.
    const together = (apply: () => void) => {
      order.push('together');
      apply();
    };
    const board = createCountdownBoard({ worker: () => worker, visibility: fakeVisibility().make, together });
    const a = document.createElement('span');
    // Steps 400 ms from now, then each second.
    board.register(a, T + OFFSET + 5_400);
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    // 400 ms before the step: too long to wait, applied at once.
    board.hold(() => order.push('early'));
    expect(order).toEqual(['early']);
    // 150 ms before (within HOLD_MS): held, then applied in the step, before the countdown is painted.
    vi.advanceTimersByTime(250);
    board.hold(() => order.push(`held, shown ${a.textContent ?? ''}`));
    expect(board.counts().held).toBe(1);
    expect(order).toEqual(['early']);
    vi.advanceTimersByTime(150);
    expect(order).toEqual(['early', 'together', 'held, shown 0:06']);
    expect(a.textContent).toBe('0:05');
    expect(board.counts().held).toBe(0);
  });

  it('runs work whose moment does not matter after the next step and its frame, or at once with no countdown', () => {
    const { state, worker } = fakeWorker();
    const frames: (() => void)[] = [];
    const board = createCountdownBoard({ worker: () => worker, visibility: fakeVisibility().make, afterFrame: (work) => frames.push(work) });
    const ran: string[] = [];
    board.whenQuiet(() => ran.push('no countdown'));
    expect(ran).toEqual(['no countdown']);
    const a = document.createElement('span');
    // Steps 300 ms from now, then each second.
    const unregister = board.register(a, T + OFFSET + 2_300);
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    board.whenQuiet(() => ran.push(`after ${a.textContent ?? ''}`));
    vi.advanceTimersByTime(299);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(a.textContent).toBe('0:02');
    // The step is painted first; the work waits for its frame.
    expect(ran).toEqual(['no countdown']);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(ran).toEqual(['no countdown', 'after 0:02']);
    // Queued while counting, and the last countdown leaves before its step: it still runs, after a frame.
    board.whenQuiet(() => ran.push('after leaving'));
    unregister();
    frames.shift()?.();
    expect(ran.at(-1)).toBe('after leaving');
  });

  it('applies at once what it holds when the last countdown leaves, and with no countdown holds nothing', () => {
    const { state, worker } = fakeWorker();
    const board = createCountdownBoard({ worker: () => worker, visibility: fakeVisibility().make });
    const a = document.createElement('span');
    const unregister = board.register(a, T + OFFSET + 5_100);
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    let applied = 0;
    board.hold(() => (applied += 1));
    expect(applied).toBe(0);
    unregister();
    expect(applied).toBe(1);
    board.hold(() => (applied += 1));
    expect(applied).toBe(2);
  });

  it("steps a progress ring with its order's countdown, once a second on the server clock, and leaves it off screen", async () => {
    const { state, worker } = fakeWorker();
    const seen = fakeVisibility();
    const board = createCountdownBoard({ worker: () => worker, visibility: seen.make });
    const ring = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    // A 10 s order opened 2.5 s ago on the server clock: a quarter gone.
    const unregister = board.registerRing(ring, T + OFFSET - 2_500, T + OFFSET + 7_500);
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    expect(ring.getAttribute('stroke-dashoffset')).toBe('25');
    // Its step is the countdown's: at 7 s remaining, 500 ms on, then each second.
    vi.advanceTimersByTime(499);
    expect(ring.getAttribute('stroke-dashoffset')).toBe('25');
    vi.advanceTimersByTime(1);
    expect(ring.getAttribute('stroke-dashoffset')).toBe('30');
    vi.advanceTimersByTime(1_000);
    expect(ring.getAttribute('stroke-dashoffset')).toBe('40');
    // Off screen it is not looked at (and keeps its arc: a ring has no text to blank); back on, it catches up.
    seen.set(ring, false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(3_000);
    expect(ring.getAttribute('stroke-dashoffset')).toBe('40');
    seen.set(ring, true);
    expect(ring.getAttribute('stroke-dashoffset')).toBe('70');
    // Empty at the settle time, and nothing left to wake for.
    vi.advanceTimersByTime(3_000);
    expect(ring.getAttribute('stroke-dashoffset')).toBe('100');
    expect(vi.getTimerCount()).toBe(0);
    unregister();
    expect(board.counts()).toEqual({ registered: 0, visible: 0, timer: false, held: 0 });
    await settle();
    expect(state.unsubscribed).toEqual([7]);
  });

  it('follows a change of the server-clock offset at once', () => {
    const { state, worker } = fakeWorker();
    const seen = fakeVisibility();
    const board = createCountdownBoard({ worker: () => worker, visibility: seen.make });
    const a = document.createElement('span');
    board.register(a, T + OFFSET + 10_500);
    expect(state.send).not.toBeNull();
    expect(a.textContent).toBe('');
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    expect(a.textContent).toBe('0:11');
    state.send?.({ kind: 'clock', offsetMs: OFFSET + 2_000 });
    expect(a.textContent).toBe('0:09');
  });

  it('costs nothing for rows off screen: no text, and no timer while nothing visible is counting', () => {
    const { state, worker } = fakeWorker();
    const seen = fakeVisibility();
    const board = createCountdownBoard({ worker: () => worker, visibility: seen.make });
    const a = document.createElement('span');
    const b = document.createElement('span');
    board.register(a, T + OFFSET + 5_000);
    board.register(b, T + OFFSET + 9_000);
    expect(state.send).not.toBeNull();
    seen.set(a, false);
    seen.set(b, false);
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    expect([a.textContent, b.textContent]).toEqual(['', '']);
    expect(board.counts()).toEqual({ registered: 2, visible: 0, timer: false, held: 0 });
    seen.set(b, true);
    expect(b.textContent).toBe('0:09');
    expect(board.counts().timer).toBe(true);
  });

  // A freeze once seen on /xq: a row was painted while on screen, then the list shifted (a due burst settled the
  // rows around it, the chart above grew) and the row left the screen with its last value, "0:16", which it kept
  // for good: the board no longer looked at it. A countdown is never left showing a second that has passed.
  it('never leaves a stale second in a row that went off screen, and repaints it the moment it is back', () => {
    const { state, worker } = fakeWorker();
    const seen = fakeVisibility();
    const board = createCountdownBoard({ worker: () => worker, visibility: seen.make });
    const a = document.createElement('span');
    board.register(a, T + OFFSET + 16_000);
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    expect(a.textContent).toBe('0:16');
    seen.set(a, false);
    vi.advanceTimersByTime(5_000);
    expect(a.textContent).not.toBe('0:16');
    expect(a.textContent).toBe('');
    seen.set(a, true);
    expect(a.textContent).toBe('0:11');
  });

  it('stops listening to the clock when the last node leaves', async () => {
    const { state, worker } = fakeWorker();
    const seen = fakeVisibility();
    const board = createCountdownBoard({ worker: () => worker, visibility: seen.make });
    const done = board.register(document.createElement('span'), T + OFFSET + 5_000);
    expect(state.send).not.toBeNull();
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    done();
    await settle();
    expect(state.unsubscribed).toEqual([7]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** `count` rows 100 px tall in `box`, each with the span a countdown is written into. */
function rowsIn(box: HTMLElement, count: number): HTMLSpanElement[] {
  return Array.from({ length: count }, () => {
    const row = document.createElement('div');
    row.style.height = '100px';
    const span = document.createElement('span');
    row.append(span);
    box.append(row);
    return span;
  });
}

describe('countdown board on a page', () => {
  let box: HTMLDivElement | null = null;
  afterEach(() => box?.remove());

  it('paints only the rows the IntersectionObserver reports on screen', async () => {
    const { state, worker } = fakeWorker();
    const board = createCountdownBoard({ worker: () => worker, now: () => T });
    box = document.createElement('div');
    document.body.append(box);
    const nodes = rowsIn(box, 200);
    nodes.forEach((node, i) => board.register(node, T + OFFSET + (i + 1) * 1_000 + 500));
    await expect.poll(() => state.send !== null).toBe(true);
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    await expect.poll(() => board.counts().visible).toBeGreaterThan(0);
    await expect.poll(() => nodes[0]?.textContent).toBe('0:02');
    // 640 px of 100 px rows: about 7 on screen, and only those have text.
    expect(board.counts().visible).toBeLessThanOrEqual(8);
    expect(nodes[199]?.textContent).toBe('');
    expect(nodes.filter((n) => n.textContent !== '').length).toBe(board.counts().visible);
  });

  it('blanks the rows that something above pushed off screen, without a scroll (the /xq freeze)', async () => {
    const { state, worker } = fakeWorker();
    const board = createCountdownBoard({ worker: () => worker, now: () => T });
    box = document.createElement('div');
    document.body.append(box);
    const above = document.createElement('div');
    box.append(above);
    const nodes = rowsIn(box, 20);
    nodes.forEach((node, i) => board.register(node, T + OFFSET + (i + 1) * 1_000 + 500));
    await expect.poll(() => state.send !== null).toBe(true);
    state.send?.({ kind: 'clock', offsetMs: OFFSET });
    await expect.poll(() => nodes[0]?.textContent).toBe('0:02');
    // The chart above is built: every row moves down by more than a screen, with no scroll event.
    above.style.height = `${window.innerHeight + 200}px`;
    await expect.poll(() => board.counts().visible).toBe(0);
    expect(nodes.map((n) => n.textContent)).toEqual(nodes.map(() => ''));
  });
});
