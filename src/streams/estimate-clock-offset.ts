import { Observable, type OperatorFunction } from 'rxjs';
import type { ClockSample } from './inputs.ts';
import type { ClockEstimate } from './messages.ts';

export interface ClockOffsetOptions {
  /** At most this many samples are kept to pick from, the least certain dropped first (default 64). */
  readonly windowSize?: number;
  /** Samples older than this (on the phone's clock, from the newest) are forgotten, ms (default 120 000). */
  readonly horizonMs?: number;
  /** How fast a kept sample loses certainty, ms per ms of age: the phone's clock may drift or be slewed (default 0.001). */
  readonly driftPerMs?: number;
  /** Slack beyond the round-trip bounds before two samples are called inconsistent, ms (default 500). */
  readonly toleranceMs?: number;
}

interface Measured {
  readonly offsetMs: number;
  readonly rttMs: number;
  /** The phone's time the answer came, to age the sample by. */
  readonly at: number;
}

/**
 * Estimates serverNow − clientNow NTP-style: each sample gives offset = serverTime − (sentAt + receivedAt)/2,
 * true to within ±rtt/2. The estimate is the sample with the smallest error bound, rtt/2 plus what it may have
 * drifted since (1 ms a second by default), among those of the last two minutes: a sharp sample from a quiet
 * moment stays the estimate while a busy server answers slowly (each slow answer is off by up to half its
 * round trip, and a burst of them is not allowed to drag the countdowns). Any constant error in the phone's
 * clock (hours off) is just a large offset.
 * A clock jump (the phone's clock set, the device waking) shows as samples whose offset is outside the current
 * estimate's bounds: two sharp ones (round trip within twice the estimate's, plus the slack) that agree with each
 * other replace the window, and so do four that agree whatever their round trips (the network got slower at the
 * same time). Anything else inconsistent (a cached or stalled response) is ignored. Samples with a negative round
 * trip (the clock jumped during the request) are dropped.
 */
export function estimateClockOffset(options: ClockOffsetOptions = {}): OperatorFunction<ClockSample, ClockEstimate> {
  const windowSize = Math.max(1, options.windowSize ?? 64);
  const horizonMs = options.horizonMs ?? 120_000;
  const driftPerMs = options.driftPerMs ?? 0.001;
  const toleranceMs = options.toleranceMs ?? 500;
  const consistent = (a: Measured, b: Measured): boolean => Math.abs(a.offsetMs - b.offsetMs) <= (a.rttMs + b.rttMs) / 2 + toleranceMs;
  const sharp = (m: Measured, best: Measured): boolean => m.rttMs <= 2 * best.rttMs + toleranceMs;
  const bound = (m: Measured, now: number): number => m.rttMs / 2 + Math.max(0, now - m.at) * driftPerMs;
  const worstIndex = (window: readonly Measured[], now: number): number => {
    let worst = 0;
    window.forEach((m, i) => {
      if (bound(m, now) > bound(window[worst] ?? m, now)) worst = i;
    });
    return worst;
  };
  const best = (window: readonly Measured[], now: number): Measured | null => {
    let chosen: Measured | null = null;
    for (const m of window) if (chosen === null || bound(m, now) < bound(chosen, now)) chosen = m;
    return chosen;
  };

  return (source) =>
    new Observable<ClockEstimate>((subscriber) => {
      let window: Measured[] = [];
      let suspects: Measured[] = [];

      return source.subscribe({
        next: (sample) => {
          const rttMs = sample.receivedAt - sample.sentAt;
          const offsetMs = sample.serverTime - (sample.sentAt + sample.receivedAt) / 2;
          if (!Number.isFinite(offsetMs) || !(rttMs >= 0)) return;
          const measured: Measured = { offsetMs, rttMs, at: sample.receivedAt };
          const current = best(window, measured.at);
          if (current !== null && !consistent(measured, current)) {
            suspects = suspects.filter((s) => consistent(s, measured));
            suspects.push(measured);
            const sharpOnes = suspects.filter((s) => sharp(s, current));
            if (sharpOnes.length < 2 && suspects.length < 4) return;
            window = sharpOnes.length >= 2 ? sharpOnes : suspects;
          } else {
            window.push(measured);
          }
          suspects = [];
          window = window.filter((m) => measured.at - m.at <= horizonMs);
          // A busy moment brings dozens of slow answers a second: they must not push out the sharp ones.
          while (window.length > windowSize) window.splice(worstIndex(window, measured.at), 1);
          const chosen = best(window, measured.at) ?? measured;
          subscriber.next({ offsetMs: chosen.offsetMs, rttMs: chosen.rttMs, samples: window.length });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}
