import { useEffect, useRef, type RefObject } from 'react';
import { useMarketWorker } from './useMarketWorker.ts';

/**
 * Rows that left the view stay quoted while no more than this many such are held: a row that moves in and out
 * (a top mover at the edge of the five, a short scroll) does not reopen the live stream each time, which costs a
 * request and its headers; a new category's rows replace the old ones.
 */
const SPARE_ROWS = 3;

/**
 * Tells the market worker which product rows of a list are on screen (an IntersectionObserver on the list's
 * `[data-product-id]` rows), so the live stream quotes those as they move; nothing when the list goes.
 * `rows` is the list's ids in order: a new set of rows is observed afresh.
 */
export function useRowsInView(owner: string, list: RefObject<HTMLElement | null>, rows: readonly number[]): void {
  const worker = useMarketWorker();
  const key = rows.join(',');
  /** Ids in view lately, the most recent last: those in view now, then up to SPARE_ROWS that were. */
  const quoted = useRef<number[]>([]);
  useEffect(() => {
    const el = list.current;
    if (el === null || key === '' || typeof IntersectionObserver !== 'function') return;
    const inView = new Set<number>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = Number((entry.target as HTMLElement).dataset['productId']);
        if (!Number.isSafeInteger(id)) continue;
        if (entry.isIntersecting) inView.add(id);
        else inView.delete(id);
      }
      const before = quoted.current;
      const next = [...before.filter((id) => !inView.has(id)), ...inView];
      while (next.length > inView.size + SPARE_ROWS) next.shift();
      quoted.current = next;
      if (next.length === before.length && next.every((id) => before.includes(id))) return;
      void worker.setRowsInView(owner, next).catch(() => undefined);
    });
    for (const row of el.querySelectorAll('[data-product-id]')) observer.observe(row);
    return () => observer.disconnect();
  }, [worker, owner, list, key]);
  // Only when the list goes: between two sets of rows the stream keeps the rows it has.
  useEffect(
    () => () => {
      quoted.current = [];
      void worker.setRowsInView(owner, []).catch(() => undefined);
    },
    [worker, owner],
  );
}
