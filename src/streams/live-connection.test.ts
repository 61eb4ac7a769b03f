import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { type Observable } from 'rxjs';
import { liveConnection, StreamUnsupported, type LiveConnectionOptions } from './live-connection.ts';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const base = { firstEventMs: 5, fallbackMs: 20, retryInitialMs: 2, retryMaxMs: 4, random: () => 0 } as const;

/** A connect() that hands out the given streams in turn, counting calls. */
function streams<E>(...list: Observable<E>[]): { connect: LiveConnectionOptions<E>['connect']; calls: () => number } {
  let n = 0;
  return {
    connect: () => {
      const s = list[Math.min(n, list.length - 1)];
      n += 1;
      if (!s) throw new Error('no stream');
      return s;
    },
    calls: () => n,
  };
}

describe('liveConnection', () => {
  it('passes events on, and resumes at once when a stream ends after its first event', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const s = streams(cold('-a-b|'), cold('-c---'));
      const live = liveConnection({ ...base, connect: s.connect });
      expectObservable(live, '^ 8ms !').toBe('-a-b-c---', {
        a: { kind: 'event', event: 'a' },
        b: { kind: 'event', event: 'b' },
        c: { kind: 'event', event: 'c' },
      });
    });
  });

  it('retries a lost stream after a short backoff, growing to its cap', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const s = streams(cold('-#'), cold('#'), cold('--a'));
      const live = liveConnection({ ...base, connect: s.connect });
      // Fails at 1 (retry in 2), fails at 3 (retry in 4), connects at 7 and gets an event at 9.
      expectObservable(live, '^ 12ms !').toBe('-x-y-----a', {
        x: { kind: 'down', attempt: 1, retryInMs: 2 },
        y: { kind: 'down', attempt: 2, retryInMs: 4 },
        a: { kind: 'event', event: 'a' },
      });
    });
  });

  it('gives way to the poll when no first event comes in time or the stream is unsupported, then tries again', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const s = streams(cold('-------a'), cold<string>('-#', undefined, new StreamUnsupported('404')), cold('a'));
      const live = liveConnection({ ...base, connect: s.connect });
      // No event by 5: fallback until 25; the second stream says unsupported at 26: fallback until 46; then live.
      expectObservable(live, '^ 50ms !').toBe('-----f 20ms g 19ms a', {
        f: { kind: 'fallback', retryInMs: 20 },
        g: { kind: 'fallback', retryInMs: 20 },
        a: { kind: 'event', event: 'a' },
      });
    });
  });

  it('counts a stream that ends before any event as a failure', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const s = streams(cold('-|'), cold('-a'));
      const live = liveConnection({ ...base, connect: s.connect });
      expectObservable(live, '^ 6ms !').toBe('-x--a', { x: { kind: 'down', attempt: 1, retryInMs: 2 }, a: { kind: 'event', event: 'a' } });
    });
  });

  it('closes the stream when unsubscribed', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const stream = cold('-a-b-c');
      const live = liveConnection({ ...base, connect: () => stream });
      expectObservable(live, '^--!').toBe('-a-', { a: { kind: 'event', event: 'a' } });
      expectSubscriptions(stream.subscriptions).toBe('^--!');
    });
  });
});
