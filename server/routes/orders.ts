import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { toCents } from '../../src/shared/money.ts';
import { ApiError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { openOrders, openOrdersSince, ordersById, placeOrder, settledOrders } from '../market/orders.ts';

export function orderRoutes(app: Hono, deps: Deps) {
  // Money path, atomic: placeOrder's one statement confirms the session and the terms, writes the order, its ledger
  // entries and the kept answer.
  route(
    app,
    deps,
    'order/create',
    async ({ body, user, db, now, answerKey }) => {
      const order = await placeOrder(db, { userId: user.id, productId: body.productId, direction: body.direction, amount: toCents(body.amount), cycle: body.cycle, seenPrice: body.seenPrice, now, sessionHash: user.tokenHash }, answerKey).catch((e: unknown) => {
        // The order's own refusals, by key. A retry of a placed order (same Idempotency-Key) fails on its kept
        // answer, no ApiError, and is not counted; one the rules refuse on its second run is, though its first
        // answer is what goes out.
        if (e instanceof ApiError) deps.metrics.orderFailures.labels(e.key).inc();
        throw e;
      });
      deps.metrics.ordersCreated.inc();
      // Settlement sets its timer for this order now.
      deps.signals.orderPlaced(order.settleTime);
      return order;
    },
    { atomic: true, sessionInStatement: true },
  );

  route(app, deps, 'order/hold_list', async ({ body, user, db, now }) =>
    body.since === undefined ? { items: await openOrders(db, user.id), serverTime: now } : { ...(await openOrdersSince(db, user.id, body.since)), serverTime: now },
  );

  route(app, deps, 'order/results', async ({ body, user, db, now }) => ({ items: await ordersById(db, user.id, body.ids), serverTime: now }));

  route(app, deps, 'order/list', async ({ body, user, db, now }) => ({ ...(await settledOrders(db, user.id, body)), serverTime: now }));
}
