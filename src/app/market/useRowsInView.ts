import { useEffect, type RefObject } from 'react';
import { useMarketWorker } from './useMarketWorker.ts';

/**
 * Tells the market worker which product rows of a list are on screen (an IntersectionObserver on the list's
 * `[data-product-id]` rows), so the live stream quotes exactly those as they move; nothing when the list goes.
 * `rows` is the list's ids in order: a new set of rows is observed afresh.
 */
export function useRowsInView(owner: string, list: RefObject<HTMLElement | null>, rows: readonly number[]): void {
  const worker = useMarketWorker();
  const key = rows.join(',');
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
      void worker.setRowsInView(owner, [...inView]).catch(() => undefined);
    });
    for (const row of el.querySelectorAll('[data-product-id]')) observer.observe(row);
    return () => {
      observer.disconnect();
      void worker.setRowsInView(owner, []).catch(() => undefined);
    };
  }, [worker, owner, list, key]);
}
