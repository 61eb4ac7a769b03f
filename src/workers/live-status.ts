import { combineLatest, distinctUntilChanged, map, type Observable, type SchedulerLike, startWith } from 'rxjs';
import type { PollState } from '../streams/messages.ts';
import { staleness } from '../streams/staleness.ts';
import type { StatusMessage } from './messages.ts';

/**
 * A panel's health from its poll: stale once the last good data is older than thresholdMs, reconnecting
 * while the poll backs off after a failure. Sent only when one of the two flags flips, so a healthy
 * panel costs one message.
 */
export function liveStatus<T>(
  poll$: Observable<PollState<T>>,
  thresholdMs: number,
  scheduler: SchedulerLike,
  /** The threshold once the poll has chosen to wait `nextInMs` (a market at rest is asked less often). */
  thresholdAfter: (nextInMs: number) => number = () => thresholdMs,
): Observable<StatusMessage> {
  const age$ = staleness(poll$, thresholdMs, {
    isGood: (s) => s.kind === 'data',
    thresholdOf: (s) => (s.kind === 'data' ? thresholdAfter(s.nextInMs) : thresholdMs),
    tickMs: 0,
    scheduler,
  });
  const failing$ = poll$.pipe(
    map((s) => s.kind === 'error'),
    startWith(false),
    distinctUntilChanged(),
  );
  return combineLatest([age$, failing$]).pipe(
    map(([age, failing]): StatusMessage => ({ kind: 'status', stale: age.stale, reconnecting: failing, lastGoodAt: age.lastGoodAt })),
    distinctUntilChanged((a, b) => a.stale === b.stale && a.reconnecting === b.reconnecting),
  );
}
