import { asyncScheduler, Observable, type SchedulerLike, type Subscription } from 'rxjs';
import type { OpenOrder } from './inputs.ts';
import type { CountdownBatch, CountdownEvent, DueEvent } from './messages.ts';

export interface CountdownOptions {
  /** Tick period on the server clock, ms (default 1000: whole seconds). */
  readonly periodMs?: number;
  readonly scheduler?: SchedulerLike;
}

const INT32_MAX = 2_147_483_647;
/** How long a due id is remembered after its settle time, so a late list still holding it is not announced twice. */
const REMEMBER_DUE_MS = 10 * 60_000;

/**
 * Countdown for all open orders, on the server clock (client clock + offset):
 * - one `tick` batch per period at whole periods of server time while any order is open, plus one at once
 *   when the list of orders changes (an empty batch when the last one goes, then ticking stops);
 * - a `due` event at the instant an order's settle time passes (not at the next tick), exactly once per
 *   order, so the worker can refresh hold_list and order list right away.
 * Nothing is emitted until offset$ has emitted (use startWith(0) to tick on the client clock until then).
 */
export function countdownTicks(
  orders$: Observable<readonly OpenOrder[]>,
  offset$: Observable<number>,
  options: CountdownOptions = {},
): Observable<CountdownEvent> {
  const periodMs = options.periodMs ?? 1000;
  const scheduler = options.scheduler ?? asyncScheduler;

  return new Observable<CountdownEvent>((subscriber) => {
    let orders: readonly OpenOrder[] = [];
    let offset: number | null = null;
    const announced = new Map<number, number>();
    let wake: Subscription | null = null;

    const serverNow = (): number => scheduler.now() + (offset ?? 0);

    const announceDue = (now: number): void => {
      const ids: number[] = [];
      for (const order of orders) {
        if (order.settleTime <= now && !announced.has(order.id)) {
          announced.set(order.id, order.settleTime);
          ids.push(order.id);
        }
      }
      if (ids.length > 0) subscriber.next({ kind: 'due', at: now, ids } satisfies DueEvent);
    };

    const schedule = (now: number): void => {
      wake?.unsubscribe();
      wake = null;
      if (orders.length === 0 || offset === null) return;
      const boundary = Math.floor(now / periodMs) * periodMs + periodMs;
      let target = boundary;
      for (const order of orders) {
        if (order.settleTime > now && order.settleTime < target && !announced.has(order.id)) target = order.settleTime;
      }
      wake = scheduler.schedule(() => {
        wake = null;
        // A timer may fire a little late; the tick still belongs to the boundary it was set for.
        const at = Math.max(serverNow(), target);
        announceDue(at);
        if (target === boundary) subscriber.next(batchAt(orders, target));
        schedule(at);
      }, target - now);
    };

    const ordersSub = orders$.subscribe({
      next: (list) => {
        const next = [...list].sort((a, b) => a.settleTime - b.settleTime || a.id - b.id);
        if (sameOrders(next, orders)) return;
        orders = next;
        if (offset === null) return;
        const now = serverNow();
        forgetOldDue(announced, now);
        announceDue(now);
        subscriber.next(batchAt(orders, now));
        schedule(now);
      },
      error: (error: unknown) => subscriber.error(error),
    });
    const offsetSub = offset$.subscribe({
      next: (value) => {
        const first = offset === null;
        offset = value;
        const now = serverNow();
        announceDue(now);
        if (first && orders.length > 0) subscriber.next(batchAt(orders, now));
        schedule(now);
      },
      error: (error: unknown) => subscriber.error(error),
    });

    return () => {
      ordersSub.unsubscribe();
      offsetSub.unsubscribe();
      wake?.unsubscribe();
    };
  });
}

function batchAt(orders: readonly OpenOrder[], at: number): CountdownBatch {
  const fitsInt32 = orders.every((order) => Number.isInteger(order.id) && Math.abs(order.id) <= INT32_MAX);
  const ids = fitsInt32 ? new Int32Array(orders.length) : new Float64Array(orders.length);
  const remainingMs = new Int32Array(orders.length);
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i];
    if (order === undefined) continue;
    ids[i] = order.id;
    remainingMs[i] = Math.min(INT32_MAX, Math.max(0, order.settleTime - at));
  }
  return { kind: 'tick', at, ids, remainingMs };
}

function sameOrders(a: readonly OpenOrder[], b: readonly OpenOrder[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i]?.id !== b[i]?.id || a[i]?.settleTime !== b[i]?.settleTime) return false;
  }
  return true;
}

function forgetOldDue(announced: Map<number, number>, now: number): void {
  for (const [id, settleTime] of announced) if (settleTime < now - REMEMBER_DUE_MS) announced.delete(id);
}
