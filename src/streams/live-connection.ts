import { asyncScheduler, Observable, type SchedulerLike, Subscription } from 'rxjs';
import { backoffDelay } from './backoff-delay.ts';

/** The stream cannot work here (an older server, a proxy that buffers or refuses it): poll instead for a while. */
export class StreamUnsupported extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'StreamUnsupported';
  }
}

export type LiveState<E> =
  | { readonly kind: 'event'; readonly event: E }
  /** Lost or refused: trying again in `retryInMs` (the `attempt`th failure in a row). */
  | { readonly kind: 'down'; readonly attempt: number; readonly retryInMs: number }
  /** Streaming does not work on this path: the plain poll until `retryInMs` has passed, then a stream again. */
  | { readonly kind: 'fallback'; readonly retryInMs: number };

export interface LiveConnectionOptions<E> {
  /** Opens one stream; called again for every reconnect, so it sends the cursors of that moment. */
  readonly connect: () => Observable<E>;
  /** With no event this soon after connecting, the stream is held up on the way (a buffering proxy). */
  readonly firstEventMs: number;
  /** How long the plain poll stands in after the stream proved unsupported. */
  readonly fallbackMs: number;
  /** Retry delays after a lost stream: short, so a server that is back is live again within about a second. */
  readonly retryInitialMs: number;
  readonly retryMaxMs: number;
  readonly random?: () => number;
  readonly scheduler?: SchedulerLike;
}

/**
 * Keeps one event stream open while subscribed: each event as it comes; a stream that ends after an event is
 * resumed at once (a proxy's time limit, a server's graceful stop); a lost one is retried with short jittered
 * backoff; one that proves unsupported ({@link StreamUnsupported}, or no first event within `firstEventMs`) gives
 * way to the plain poll for `fallbackMs`. Never errors: failures are states.
 */
export function liveConnection<E>(options: LiveConnectionOptions<E>): Observable<LiveState<E>> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const random = options.random ?? Math.random;
  return new Observable<LiveState<E>>((subscriber) => {
    let failures = 0;
    let current: Subscription | null = null;
    let wait: Subscription | null = null;
    let closed = false;

    const later = (ms: number): void => {
      // A subscriber that left on the state just sent wants no retry.
      if (closed) return;
      wait = scheduler.schedule(() => {
        wait = null;
        open();
      }, ms);
    };
    const failed = (error: unknown): void => {
      if (closed) return;
      if (error instanceof StreamUnsupported) {
        failures = 0;
        subscriber.next({ kind: 'fallback', retryInMs: options.fallbackMs });
        later(options.fallbackMs);
        return;
      }
      failures += 1;
      const retryInMs = backoffDelay(failures, random, { initialMs: options.retryInitialMs, maxMs: options.retryMaxMs });
      subscriber.next({ kind: 'down', attempt: failures, retryInMs });
      later(retryInMs);
    };
    const open = (): void => {
      let received = false;
      const firstEvent = scheduler.schedule(() => {
        if (received) return;
        attempt.unsubscribe();
        failed(new StreamUnsupported('no first event'));
      }, options.firstEventMs);
      const attempt = new Subscription();
      attempt.add(firstEvent);
      current = attempt;
      attempt.add(
        options.connect().subscribe({
          next(event) {
            if (!received) {
              received = true;
              failures = 0;
              firstEvent.unsubscribe();
            }
            subscriber.next({ kind: 'event', event });
          },
          error(error: unknown) {
            attempt.unsubscribe();
            failed(error);
          },
          complete() {
            attempt.unsubscribe();
            if (received) open();
            else failed(new Error('the stream ended before its first event'));
          },
        }),
      );
    };
    open();
    return () => {
      closed = true;
      current?.unsubscribe();
      wait?.unsubscribe();
    };
  });
}
