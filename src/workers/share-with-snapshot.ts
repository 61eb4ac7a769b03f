import { Observable, Subject, type Subscription } from 'rxjs';

/** What a shared delta stream remembers, so a late subscriber can start from a snapshot. */
export interface SnapshotState<D> {
  take(delta: D): void;
  /** The delta that brings a newcomer to the current state (a reset), or null before any data. */
  snapshot(): D | null;
}

/**
 * Shares one delta stream among subscribers. The stream operators keep state per subscription, so a
 * subscriber that joins late would otherwise get only the next append; here it first gets a snapshot
 * (a reset built from the deltas so far) and then the same live deltas as everyone else. The source is
 * subscribed while anyone listens and its state is dropped with the last subscriber.
 */
export function shareWithSnapshot<D>(
  source$: Observable<D>,
  createState: () => SnapshotState<D>,
  /** Called when the last subscriber leaves, with the snapshot it leaves behind. */
  onIdle?: (last: D | null) => void,
): Observable<D> {
  const live = new Subject<D>();
  let state: SnapshotState<D> | null = null;
  let connection: Subscription | null = null;
  let subscribers = 0;

  return new Observable<D>((subscriber) => {
    const first = state?.snapshot() ?? null;
    if (first !== null) subscriber.next(first);
    const inner = live.subscribe(subscriber);
    subscribers += 1;
    if (connection === null) {
      const fresh = createState();
      state = fresh;
      connection = source$.subscribe({
        next: (delta) => {
          fresh.take(delta);
          live.next(delta);
        },
        error: (error: unknown) => live.error(error),
      });
    }
    return () => {
      inner.unsubscribe();
      subscribers -= 1;
      if (subscribers === 0) {
        connection?.unsubscribe();
        connection = null;
        const last = state?.snapshot() ?? null;
        state = null;
        onIdle?.(last);
      }
    };
  });
}
