import { firstValueFrom, type Observable, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { PollState } from './messages.ts';
import { poll } from './poll.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const data = <T>(value: T, at: number, nextInMs = 10): PollState<T> => ({ kind: 'data', value, at, nextInMs });
const boom = new Error('boom');

describe('poll', () => {
  it('requests at once, then periodMs after each response', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      const calls: number[] = [];
      let n = 0;
      const polled = poll(
        () => {
          n += 1;
          calls.push(n);
          return cold('-x|', { x: n });
        },
        { periodMs: 10 },
      );
      expectObservable(polled, '^ 25ms !').toBe('-a 10ms b 10ms c', {
        a: data(1, 1),
        b: data(2, 12),
        c: data(3, 23),
      });
      flush();
      expect(calls).toEqual([1, 2, 3]);
    });
  });

  it('waits what nextPeriodMs says after each answer, and says it in the state', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      let n = 0;
      // A market at rest: the answer says "nothing new", so the poll waits longer (30 ms, then 50 ms).
      const polled = poll(
        () => {
          n += 1;
          return cold('-x|', { x: n });
        },
        { periodMs: 10, nextPeriodMs: (value: number) => (value === 1 ? 30 : 50) },
      );
      expectObservable(polled, '^ 90ms !').toBe('-a 30ms b 50ms c', {
        a: data(1, 1, 30),
        b: data(2, 32, 50),
        c: data(3, 83, 50),
      });
    });
  });

  it('backs off exponentially up to the cap, then resets after a success', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      // Calls 1-3 fail, 4 succeeds, 5 fails again: its delay must start over at initialMs.
      const outcomes = ['fail', 'fail', 'fail', 'ok', 'fail'];
      let call = 0;
      const polled = poll(
        () => {
          const outcome = outcomes[call] ?? 'ok';
          call += 1;
          return outcome === 'ok' ? cold('-x|', { x: call }) : cold('-#', undefined, boom);
        },
        { periodMs: 10, backoff: { initialMs: 100, factor: 2, maxMs: 300 }, random: () => 0 },
      );
      const error = (at: number, attempt: number, retryInMs: number, lastDataAt: number | null): PollState<number> => ({
        kind: 'error',
        error: boom,
        at,
        attempt,
        retryInMs,
        lastDataAt,
      });
      // fail@1 (+100) → fail@102 (+200) → fail@303 (+300 capped) → ok@604 (+10) → fail@615 (+100 again)
      expectObservable(polled, '^ 700ms !').toBe('-a 100ms b 200ms c 300ms d 10ms e', {
        a: error(1, 1, 100, null),
        b: error(102, 2, 200, null),
        c: error(303, 3, 300, null),
        d: data(4, 604),
        e: error(615, 1, 100, 604),
      });
    });
  });

  it('jitters the backoff with the injected random', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const polled = poll(() => cold('#', undefined, boom), {
        periodMs: 10,
        backoff: { initialMs: 100, jitter: 0.5 },
        random: () => 1,
      });
      // random 1 with jitter 0.5 halves every delay: 50, then 100.
      expectObservable(polled, '^ 160ms !').toBe('a 49ms b 99ms c', {
        a: { kind: 'error', error: boom, at: 0, attempt: 1, retryInMs: 50, lastDataAt: null },
        b: { kind: 'error', error: boom, at: 50, attempt: 2, retryInMs: 100, lastDataAt: null },
        c: { kind: 'error', error: boom, at: 150, attempt: 3, retryInMs: 200, lastDataAt: null },
      });
    });
  });

  it('turns a request that throws synchronously into an error state', () => {
    newScheduler().run(({ expectObservable }) => {
      const polled = poll(
        () => {
          throw boom;
        },
        { periodMs: 10, backoff: { initialMs: 1000 }, random: () => 0 },
      );
      expectObservable(polled, '^ 5ms !').toBe('a', {
        a: { kind: 'error', error: boom, at: 0, attempt: 1, retryInMs: 1000, lastDataAt: null },
      });
    });
  });

  it('pauses while hidden and requests at once when visible again', () => {
    newScheduler().run(({ cold, hot, expectObservable, flush }) => {
      let n = 0;
      const visible$ = hot<boolean>('t 20ms f 30ms t', { t: true, f: false });
      const polled = poll(
        (): Observable<number> => {
          n += 1;
          return cold('-x|', { x: n });
        },
        { periodMs: 10, visible$ },
      );
      // fetch@0 → data@1, fetch@11 → data@12; hidden@21 cancels the fetch due @22; visible@52 fetches at once.
      expectObservable(polled, '^ 65ms !').toBe('-a 10ms b 40ms c 10ms d', {
        a: data(1, 1),
        b: data(2, 12),
        c: data(3, 53),
        d: data(4, 64),
      });
      flush();
      expect(n).toBe(4);
    });
  });

  it('lets a request in flight finish when hidden, but schedules nothing after it', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      let n = 0;
      const visible$ = hot<boolean>('t-f', { t: true, f: false });
      const polled = poll(
        () => {
          n += 1;
          return cold('-----x|', { x: n });
        },
        { periodMs: 10, visible$ },
      );
      expectObservable(polled, '^ 60ms !').toBe('-----a', { a: data(1, 5) });
    });
  });

  it('refresh$ requests at once while waiting, and queues one more while a request is in flight', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      let n = 0;
      // fetch@0 → data@3, next due @13. r@5 while waiting → fetch@5 (in flight until 8);
      // r@6 and r@7 arrive while it is in flight → exactly one more fetch, right after it (@8 → data@11).
      const refresh$ = hot('----- rrr', { r: 1 });
      const polled = poll(
        () => {
          n += 1;
          return cold('---x|', { x: n });
        },
        { periodMs: 10, refresh$ },
      );
      expectObservable(polled, '^ 25ms !').toBe('---a 4ms b 2ms c 12ms d', {
        a: data(1, 3),
        b: data(2, 8),
        c: data(3, 11),
        d: data(4, 24),
      });
    });
  });

  it('ignores refresh$ while hidden', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      let n = 0;
      const visible$ = hot<boolean>('t-f', { t: true, f: false });
      const refresh$ = hot('-----r', { r: 1 });
      const polled = poll(
        () => {
          n += 1;
          return cold('x|', { x: n });
        },
        { periodMs: 10, visible$, refresh$ },
      );
      expectObservable(polled, '^ 30ms !').toBe('a', { a: data(1, 0) });
    });
  });

  it('shares one poll among subscribers and replays the latest state to a late one', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      let n = 0;
      const polled = poll(
        () => {
          n += 1;
          return cold('-x|', { x: n });
        },
        { periodMs: 10 },
      );
      expectObservable(polled, '^ 15ms !').toBe('-a 10ms b', { a: data(1, 1), b: data(2, 12) });
      expectObservable(polled, '--- 5ms ^ 20ms !').toBe('--- 5ms a 3ms b 10ms c', {
        a: data(1, 1),
        b: data(2, 12),
        c: data(3, 23),
      });
      flush();
      // Two subscribers, but only one request per period.
      expect(n).toBe(3);
    });
  });

  it('aborts the request in flight when the last subscriber leaves, and stops polling', () => {
    newScheduler().run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const signals: AbortSignal[] = [];
      const response = cold('-----x|', { x: 1 });
      const polled = poll(
        (signal) => {
          signals.push(signal);
          return response;
        },
        { periodMs: 10 },
      );
      expectObservable(polled, '^--!').toBe('');
      expectSubscriptions(response.subscriptions).toBe('^--!');
      flush();
      expect(signals).toHaveLength(1);
      expect(signals[0]?.aborted).toBe(true);
    });
  });

  it('does not abort requests that already finished', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      const signals: AbortSignal[] = [];
      const polled = poll(
        (signal) => {
          signals.push(signal);
          return cold('-x|', { x: 1 });
        },
        { periodMs: 10 },
      );
      expectObservable(polled, '^ 5ms !').toBe('-a', { a: data(1, 1) });
      flush();
      expect(signals.map((s) => s.aborted)).toEqual([false]);
    });
  });

  it('reports a request that completes without a value as an error', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const polled = poll(() => cold('-|'), { periodMs: 10, random: () => 0 });
      expectObservable(polled, '^ 3ms !').toBe('-a', {
        a: {
          kind: 'error',
          error: new Error('poll: the request completed without a value'),
          at: 1,
          attempt: 1,
          retryInMs: 1000,
          lastDataAt: null,
        },
      });
    });
  });

  it('works with real Promises and aborts a pending one on unsubscribe', async () => {
    const first = await firstValueFrom(poll(() => Promise.resolve(42), { periodMs: 60_000 }));
    expect(first).toMatchObject({ kind: 'data', value: 42 });

    const aborted = new Subject<boolean>();
    const seen = firstValueFrom(aborted);
    const subscription = poll(
      (signal) =>
        new Promise<number>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted.next(true);
            reject(signal.reason);
          });
        }),
      { periodMs: 60_000 },
    ).subscribe();
    subscription.unsubscribe();
    await expect(seen).resolves.toBe(true);

    const failed = await firstValueFrom(poll(() => Promise.reject(boom), { periodMs: 1, random: () => 0 }));
    expect(failed).toMatchObject({ kind: 'error', error: boom, attempt: 1 });
  });
});
