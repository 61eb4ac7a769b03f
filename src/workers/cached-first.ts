import { Observable } from 'rxjs';
import type { StatusMessage } from './messages.ts';

/**
 * Puts a stored snapshot in front of a live stream until its first data: the snapshot (when it comes before
 * the live data) goes out followed by a status saying it is stale, and every status stays stale until live data
 * arrives; then the live stream's latest status is sent again, so the panel's "not live" mark goes away.
 */
export function cachedFirst<D extends { readonly kind: string }>(stored: Promise<D | null>, live$: Observable<D | StatusMessage>): Observable<D | StatusMessage> {
  return new Observable<D | StatusMessage>((subscriber) => {
    let live = false;
    let showingStored = false;
    let lastStatus: StatusMessage = { kind: 'status', stale: false, reconnecting: false, lastGoodAt: null };
    const sub = live$.subscribe({
      next: (message) => {
        if (message.kind === 'status') {
          const status = message as StatusMessage;
          lastStatus = status;
          subscriber.next(showingStored && !live ? { ...status, stale: true } : status);
          return;
        }
        subscriber.next(message);
        if (live) return;
        live = true;
        if (showingStored) subscriber.next(lastStatus);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    });
    stored.then(
      (snapshot) => {
        if (live || snapshot === null || subscriber.closed) return;
        showingStored = true;
        subscriber.next(snapshot);
        subscriber.next({ ...lastStatus, stale: true });
      },
      () => undefined,
    );
    return () => sub.unsubscribe();
  });
}
