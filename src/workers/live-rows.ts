import { BehaviorSubject, debounce, distinctUntilChanged, EMPTY, Observable, type SchedulerLike, switchMap, timer } from 'rxjs';
import type { ProductSummary } from '../contract/market.ts';
import type { ListPage } from './list-delta.ts';
import type { Live, LiveRowQuote } from './live.ts';

/** A list page and the server time it was read at. */
export interface DatedPage extends ListPage<ProductSummary> {
  readonly asOf: number;
}

/** Scrolling settles for this long before the stream is reopened for the new rows (each reopen is a request). */
export const ROWS_SETTLE_MS = 300;

/**
 * The rows each screen has in view (by owner: a screen and its slots), and their union: the products the live
 * stream quotes. The first rows a screen shows are taken at once; later changes once scrolling has settled.
 */
export function createRowsInView(scheduler: SchedulerLike) {
  const owners = new Map<string, readonly number[]>();
  const union$ = new BehaviorSubject<readonly number[]>([]);
  return {
    set(owner: string, ids: readonly number[]): void {
      if (ids.length === 0) owners.delete(owner);
      else owners.set(owner, ids);
      union$.next([...new Set([...owners.values()].flat())].sort((a, b) => a - b));
    },
    ids$: union$.pipe(
      debounce((ids) => (ids.length === 0 || union$.value.length === 0 ? timer(0, scheduler) : timer(ROWS_SETTLE_MS, scheduler))),
      distinctUntilChanged((a, b) => a.length === b.length && a.every((id, i) => id === b[i])),
    ),
  };
}

export type RowsInView = ReturnType<typeof createRowsInView>;

/**
 * The product list with the live stream's quotes laid over the rows in view: each row shows whichever is newer,
 * the list poll's answer or the stream's event (a row out of view keeps its last streamed quote until a newer
 * poll comes).
 */
export function withLiveQuotes(pages$: Observable<DatedPage>, rows: RowsInView, live: Pick<Live, 'rowQuotes'>): Observable<ListPage<ProductSummary>> {
  return new Observable<ListPage<ProductSummary>>((subscriber) => {
    let page: DatedPage | null = null;
    const streamed = new Map<number, { readonly quote: LiveRowQuote; readonly at: number }>();
    const emit = (): void => {
      if (page === null) return;
      const asOf = page.asOf;
      const items = page.items.map((p) => {
        const s = streamed.get(p.id);
        if (s === undefined) return p;
        if (s.at < asOf) {
          streamed.delete(p.id);
          return p;
        }
        return { ...p, nextOpen: null, ...s.quote };
      });
      subscriber.next({ items, total: page.total });
    };
    const pages = pages$.subscribe({
      next: (next) => {
        page = next;
        emit();
      },
      error: (e: unknown) => subscriber.error(e),
    });
    // A stream event's quotes are laid over together: one list page, so one message to the page, per event.
    const quotes = rows.ids$.pipe(switchMap((ids) => (ids.length === 0 ? EMPTY : live.rowQuotes(ids)))).subscribe((batch) => {
      for (const q of batch) streamed.set(q.id, { quote: q, at: q.at });
      emit();
    });
    return () => {
      pages.unsubscribe();
      quotes.unsubscribe();
    };
  });
}
