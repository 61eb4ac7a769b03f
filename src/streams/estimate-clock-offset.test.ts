import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { estimateClockOffset } from './estimate-clock-offset.ts';
import type { ClockSample } from './inputs.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const HOUR = 3_600_000;
/** A sample sent at sentAt with round trip rtt, answered by a server whose clock is `offset` ahead. */
const sample = (sentAt: number, rtt: number, offset: number, serverDelay = rtt / 2): ClockSample => ({
  sentAt,
  receivedAt: sentAt + rtt,
  serverTime: sentAt + serverDelay + offset,
});

describe('estimateClockOffset', () => {
  it('is NTP-style: serverTime minus the midpoint of the round trip, even for a phone hours off', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      // The phone is 3 h behind: the server answers 3 h ahead of the request's midpoint.
      const samples = cold<ClockSample>('a', { a: sample(1_000, 100, 3 * HOUR) });
      expectObservable(samples.pipe(estimateClockOffset())).toBe('a', {
        a: { offsetMs: 3 * HOUR, rttMs: 100, samples: 1 },
      });
    });
  });

  it('prefers the lowest-RTT sample of the window over slower, less certain ones', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      // The slow samples had asymmetric legs (server answered late), so their midpoints are off by up to rtt/2.
      const samples = cold<ClockSample>('abc', {
        a: sample(0, 400, 5_000, 350),
        b: sample(1_000, 20, 5_000),
        c: sample(2_000, 600, 5_000, 100),
      });
      expectObservable(samples.pipe(estimateClockOffset())).toBe('abc', {
        a: { offsetMs: 5_150, rttMs: 400, samples: 1 },
        b: { offsetMs: 5_000, rttMs: 20, samples: 2 },
        c: { offsetMs: 5_000, rttMs: 20, samples: 3 },
      });
    });
  });

  it('keeps the sharpest samples when the window is full: the least certain one goes', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const samples = cold<ClockSample>('abc', {
        a: sample(0, 10, 1_000),
        b: sample(1_000, 100, 1_040),
        c: sample(2_000, 90, 1_030),
      });
      expectObservable(samples.pipe(estimateClockOffset({ windowSize: 2 }))).toBe('abc', {
        a: { offsetMs: 1_000, rttMs: 10, samples: 1 },
        b: { offsetMs: 1_000, rttMs: 10, samples: 2 },
        // b (the slowest) made room for c; a, the sharpest, stays the estimate.
        c: { offsetMs: 1_000, rttMs: 10, samples: 2 },
      });
    });
  });

  it('ignores one inconsistent sample but follows a clock jump confirmed by a second', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const samples = cold<ClockSample>('ab-cde', {
        a: sample(0, 50, 2_000),
        // A single answer an hour off (a cached response, say): ignored.
        b: sample(1_000, 50, 2_000 - HOUR),
        // Consistent again: the outlier is forgotten.
        c: sample(2_000, 40, 2_000),
        // The phone's clock is set back 2 h: its offset grows by 2 h. The first such sample is only a suspect…
        d: sample(3_000, 60, 2_000 + 2 * HOUR),
        // …the second agrees with it, so the old window is dropped.
        e: sample(4_000, 80, 2_000 + 2 * HOUR),
      });
      expectObservable(samples.pipe(estimateClockOffset())).toBe('a--c-e', {
        a: { offsetMs: 2_000, rttMs: 50, samples: 1 },
        c: { offsetMs: 2_000, rttMs: 40, samples: 2 },
        e: { offsetMs: 2_000 + 2 * HOUR, rttMs: 60, samples: 2 },
      });
    });
  });

  it('drops samples with a negative or non-numeric round trip', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const samples = cold<ClockSample>('abc', {
        a: { sentAt: 5_000, receivedAt: 4_000, serverTime: 9_000 },
        b: { sentAt: 0, receivedAt: Number.NaN, serverTime: 9_000 },
        c: sample(0, 30, 700),
      });
      expectObservable(samples.pipe(estimateClockOffset())).toBe('--c', {
        c: { offsetMs: 700, rttMs: 30, samples: 1 },
      });
    });
  });

  it('keeps a sharp sample from a quiet moment while a busy server answers slowly (no drift in the countdowns)', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      // Each busy answer waited 3.6 s before the server stamped it: its midpoint is 1.8 s off, within its own bounds.
      const busy = (i: number): ClockSample => sample(1_000 * (i + 1), 3_700, 500, 3_650);
      // A window of 4: the burst is more answers than it holds.
      const samples = cold<ClockSample>('a(bcdefghijk)', {
        a: sample(0, 10, 500),
        ...Object.fromEntries([...'bcdefghijk'].map((k, i) => [k, busy(i)])),
      });
      const steady = (n: number) => ({ offsetMs: 500, rttMs: 10, samples: n });
      expectObservable(samples.pipe(estimateClockOffset({ windowSize: 4 }))).toBe('a(bcdefghijk)', {
        a: steady(1),
        ...Object.fromEntries([...'bcdefghijk'].map((k, i) => [k, steady(Math.min(4, i + 2))])),
      });
    });
  });

  it('lets an old sharp sample go: it loses certainty with age, and is forgotten after the horizon', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const samples = cold<ClockSample>('abc', {
        a: sample(0, 10, 1_000),
        // 100 s on: a 5 ms bound grown to 105 ms loses to a fresh 100 ms round trip (50 ms).
        b: sample(100_000, 100, 1_050),
        c: sample(400_000, 300, 1_020),
      });
      expectObservable(samples.pipe(estimateClockOffset({ horizonMs: 120_000 }))).toBe('abc', {
        a: { offsetMs: 1_000, rttMs: 10, samples: 1 },
        b: { offsetMs: 1_050, rttMs: 100, samples: 2 },
        // b is 300 s old: only c is left.
        c: { offsetMs: 1_020, rttMs: 300, samples: 1 },
      });
    });
  });

  it('does not take two slow answers an hour off for a clock jump, but four that agree', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const off = (t: number): ClockSample => sample(t, 3_000, HOUR);
      const samples = cold<ClockSample>('abcde', { a: sample(0, 20, 0), b: off(1_000), c: off(5_000), d: off(9_000), e: off(13_000) });
      expectObservable(samples.pipe(estimateClockOffset())).toBe('a---e', {
        a: { offsetMs: 0, rttMs: 20, samples: 1 },
        e: { offsetMs: HOUR, rttMs: 3_000, samples: 4 },
      });
    });
  });
});
