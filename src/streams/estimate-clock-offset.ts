import { Observable, type OperatorFunction } from 'rxjs';
import type { ClockSample } from './inputs.ts';
import type { ClockEstimate } from './messages.ts';

export interface ClockOffsetOptions {
  /** Recent samples the estimate is picked from (default 8). */
  readonly windowSize?: number;
  /** Slack beyond the round-trip bounds before two samples are called inconsistent, ms (default 500). */
  readonly toleranceMs?: number;
}

interface Measured {
  readonly offsetMs: number;
  readonly rttMs: number;
}

/**
 * Estimates serverNow − clientNow NTP-style: each sample gives offset = serverTime − (sentAt + receivedAt)/2,
 * true to within ±rtt/2. The estimate is the lowest-RTT sample of a sliding window, so a slow round trip
 * cannot drag it. Any constant error in the phone's clock (hours off) is just a large offset.
 * A clock jump (the phone's clock set, the device waking) shows as a sample whose offset is outside the
 * current estimate's bounds; two such samples that agree with each other replace the window, while a
 * single one (a cached or stalled response) is ignored. Samples with a negative round trip (the clock
 * jumped during the request) are dropped.
 */
export function estimateClockOffset(options: ClockOffsetOptions = {}): OperatorFunction<ClockSample, ClockEstimate> {
  const windowSize = Math.max(1, options.windowSize ?? 8);
  const toleranceMs = options.toleranceMs ?? 500;
  const consistent = (a: Measured, b: Measured): boolean =>
    Math.abs(a.offsetMs - b.offsetMs) <= (a.rttMs + b.rttMs) / 2 + toleranceMs;

  return (source) =>
    new Observable<ClockEstimate>((subscriber) => {
      let window: Measured[] = [];
      let suspect: Measured | null = null;

      return source.subscribe({
        next: (sample) => {
          const rttMs = sample.receivedAt - sample.sentAt;
          const offsetMs = sample.serverTime - (sample.sentAt + sample.receivedAt) / 2;
          if (!Number.isFinite(offsetMs) || !(rttMs >= 0)) return;
          const measured: Measured = { offsetMs, rttMs };
          const best = lowestRtt(window);
          if (best !== null && !consistent(measured, best)) {
            if (suspect === null || !consistent(measured, suspect)) {
              suspect = measured;
              return;
            }
            window = [suspect];
          }
          suspect = null;
          window.push(measured);
          if (window.length > windowSize) window.shift();
          const chosen = lowestRtt(window) ?? measured;
          subscriber.next({ offsetMs: chosen.offsetMs, rttMs: chosen.rttMs, samples: window.length });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

function lowestRtt(window: readonly Measured[]): Measured | null {
  let best: Measured | null = null;
  for (const measured of window) if (best === null || measured.rttMs < best.rttMs) best = measured;
  return best;
}
