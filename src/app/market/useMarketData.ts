import { useAtomValue } from '../state/atomHooks.ts';
import { useEffect, useMemo, useRef } from 'react';
import type { Order, ProductSummary } from '../../contract/market.ts';
import type { PageParams } from '../../workers/api.ts';
import { tokenAtom } from '../state/session.ts';
import { createStableOrder, type StableOrder } from './stableOrder.ts';
import { useLiveList, type LiveList } from './useLiveList.ts';
import { useMarketWorker } from './useMarketWorker.ts';
import { releaseWarmProducts } from './warmStart.ts';

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;
/** Open orders: the one settling first on top. */
const bySettleTime = (a: Order, b: Order): number => a.settleTime - b.settleTime || a.id - b.id;
/** Open orders first (soonest first), then settled ones newest first. */
export const openThenRecent = (a: Order, b: Order): number => {
  const aOpen = a.status === 'open';
  const bOpen = b.status === 'open';
  if (aOpen !== bOpen) return aOpen ? -1 : 1;
  return aOpen ? bySettleTime(a, b) : b.settleTime - a.settleTime || b.id - a.id;
};
const newestFirst = (a: Order, b: Order): number => b.settleTime - a.settleTime || b.id - a.id;
/** Open orders as an order record lists them: the one placed last on top, where the member looks for it. */
export const newestPlacedFirst = (a: Order, b: Order): number => b.openTime - a.openTime || b.id - a.id;

/** All products with live price and change (one shared poll for every screen). */
export function useProducts(): LiveList<ProductSummary> {
  const worker = useMarketWorker();
  const list = useLiveList<ProductSummary>(worker, 'products', (w, cb) => w.watchProducts(cb), byId);
  // After useLiveList's effect has asked for the products, the poll main.tsx started is no longer needed.
  useEffect(releaseWarmProducts, []);
  return list;
}

/**
 * My open orders, soonest to settle first unless `order` says otherwise (a module-level comparator). Not asked for
 * a visitor (it needs a member).
 */
export function useHoldList(order: (a: Order, b: Order) => number = bySettleTime): LiveList<Order> {
  const worker = useMarketWorker();
  const member = useAtomValue(tokenAtom) !== null;
  return useLiveList(worker, member ? 'hold_list' : null, (w, cb) => w.watchHoldList(cb), order);
}

/** Settled orders a product screen shows below the open ones (as the server's product/orders does). */
export const RECENT_SETTLED = 20;

/**
 * My orders on one product: first shown open ones, then the latest settled (the worker's store keeps them
 * all). Each row keeps the place it first took for as long as the calling screen lives, so an order that
 * settles shows its result where the member was looking. Not asked for a visitor (it needs a member).
 */
export function useProductOrders(id: number | null): LiveList<Order> {
  const worker = useMarketWorker();
  const member = useAtomValue(tokenAtom) !== null;
  const key = id === null || !member ? null : `product_orders:${id}`;
  const list = useLiveList(worker, key, (w, cb) => w.watchProductOrders({ id: id ?? 0 }, cb), openThenRecent);
  const stable = useRef<{ key: string | null; order: StableOrder<Order> } | null>(null);
  if (stable.current?.key !== key) stable.current = { key, order: createStableOrder(openThenRecent) };
  const { order } = stable.current;
  return useMemo(() => {
    if (list.items === null) return list;
    const recent = openAndRecent(list.items, RECENT_SETTLED);
    // A row already shown here stays, even once more than RECENT_SETTLED have settled after it.
    const kept = recent.length === list.items.length ? recent : list.items.filter((o, i) => i < recent.length || order.has(o.id));
    const items = order.order(kept);
    return { ...list, items, total: items.length };
  }, [list, order]);
}

/** Every open order and the newest `settled` settled ones, from a list sorted open first (the same array when nothing is cut). */
export function openAndRecent(items: readonly Order[], settled: number): readonly Order[] {
  const firstSettled = items.findIndex((o) => o.status !== 'open');
  const end = firstSettled === -1 ? items.length : firstSettled + settled;
  return end >= items.length ? items : items.slice(0, end);
}

/** One page of my order history. */
export function useOrderHistory(params: PageParams): LiveList<Order> {
  const worker = useMarketWorker();
  return useLiveList(worker, `order_list:${params.page}:${params.size}`, (w, cb) => w.watchOrderList(params, cb), newestFirst);
}
