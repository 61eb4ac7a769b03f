import { describe, expect, it } from 'vitest';
import type { PollState } from './messages.ts';
import { startPollLoop, type LoopTimer, type Source } from './poll-loop.ts';

/** A timer the test moves by hand. */
function manualTimer() {
  let now = 0;
  const due: { at: number; work: () => void; live: boolean }[] = [];
  const timer: LoopTimer = {
    now: () => now,
    schedule(work, delayMs) {
      const entry = { at: now + delayMs, work, live: true };
      due.push(entry);
      return { unsubscribe: () => (entry.live = false) };
    },
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const entry of due.filter((e) => e.live && e.at <= now)) {
      entry.live = false;
      entry.work();
    }
    await Promise.resolve();
    await Promise.resolve();
  };
  return { timer, advance };
}

/** A source the test drives: `push` sends a value to every subscriber. */
function subject<T>() {
  const observers = new Set<(value: T) => void>();
  const source: Source<T> = {
    subscribe(o) {
      observers.add(o.next);
      return { unsubscribe: () => observers.delete(o.next) };
    },
  };
  return { source, push: (value: T) => observers.forEach((next) => next(value)) };
}

describe('startPollLoop with Promise requests (the page)', () => {
  it('asks at once, waits the period after each answer, and with an endless period only on refresh or return to view', async () => {
    const { timer, advance } = manualTimer();
    const visible = subject<boolean>();
    const refresh = subject<null>();
    let answer = 1;
    const asked: number[] = [];
    const states: PollState<number>[] = [];
    const stop = startPollLoop(
      () => {
        asked.push(answer);
        return Promise.resolve(answer);
      },
      { periodMs: 100, nextPeriodMs: (n) => (n === 1 ? 100 : Infinity), visible: visible.source, refresh: refresh.source, timer },
      (s) => states.push(s),
    );
    expect(asked).toEqual([]);
    visible.push(true);
    await advance(0);
    expect(asked).toEqual([1]);
    answer = 2;
    await advance(100);
    expect(asked).toEqual([1, 2]);
    await advance(10_000);
    expect(asked).toEqual([1, 2]);
    refresh.push(null);
    await advance(0);
    expect(asked).toEqual([1, 2, 2]);
    visible.push(false);
    refresh.push(null);
    visible.push(true);
    await advance(0);
    expect(asked).toEqual([1, 2, 2, 2]);
    expect(states.map((s) => (s.kind === 'data' ? s.nextInMs : -1))).toEqual([100, Infinity, Infinity, Infinity]);
    stop();
  });

  it('backs off after failures and drops the answer of a request in flight when stopped (its signal aborts)', async () => {
    const { timer, advance } = manualTimer();
    const signals: AbortSignal[] = [];
    let fail = true;
    const states: PollState<string>[] = [];
    const stop = startPollLoop(
      (signal) => {
        signals.push(signal);
        return fail ? Promise.reject(new Error('offline')) : new Promise<string>(() => undefined);
      },
      { periodMs: 100, backoff: { initialMs: 50, jitter: 0 }, timer },
      (s) => states.push(s),
    );
    await advance(0);
    await advance(50);
    expect(states.map((s) => (s.kind === 'error' ? s.retryInMs : 0))).toEqual([50, 100]);
    fail = false;
    await advance(100);
    expect(signals).toHaveLength(3);
    stop();
    expect(signals[2]?.aborted).toBe(true);
  });
});
