import type { Order } from '../../../contract/market.ts';

const settlesFirst = (a: Order, b: Order): number => a.settleTime - b.settleTime || a.id - b.id;

/** The `n` open orders that settle soonest, keeping only `n` at a time (no sort of the whole list). */
export function soonestOpen(orders: readonly Order[], n: number): Order[] {
  const picked: Order[] = [];
  for (const o of orders) {
    if (o.status !== 'open') continue;
    const last = picked[n - 1];
    if (last !== undefined && settlesFirst(o, last) >= 0) continue;
    picked.push(o);
    picked.sort(settlesFirst);
    if (picked.length > n) picked.pop();
  }
  return picked;
}
