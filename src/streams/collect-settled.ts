import { asyncScheduler, Observable, type OperatorFunction, type SchedulerLike } from 'rxjs';

/**
 * Results that land together become one batch: the first settled order opens a window of `windowMs`, and
 * everything settled inside it leaves as one array when it closes (each id once, the last row of an id wins).
 * A member who placed three orders on the same cycle hears of them once, not three times in a second.
 */
export function collectSettled<T extends { readonly id: number }>(
  windowMs: number,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<readonly T[], readonly T[]> {
  return (source) =>
    new Observable<readonly T[]>((subscriber) => {
      let pending: Map<number, T> | null = null;
      let timer: { unsubscribe(): void } | null = null;
      const flush = (): void => {
        timer = null;
        const batch = pending;
        pending = null;
        if (batch !== null && batch.size > 0) subscriber.next([...batch.values()]);
      };
      const inner = source.subscribe({
        next: (orders) => {
          if (orders.length === 0) return;
          pending ??= new Map();
          for (const o of orders) pending.set(o.id, o);
          timer ??= scheduler.schedule(flush, windowMs);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          timer?.unsubscribe();
          flush();
          subscriber.complete();
        },
      });
      return () => {
        timer?.unsubscribe();
        inner.unsubscribe();
      };
    });
}
