import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { toCents } from '../../src/shared/money.ts';
import { ApiError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { findProduct } from '../market/catalog.ts';
import { openOrders, openOrdersSince, ordersById, placeOrder, settledOrders } from '../market/orders.ts';

export function orderRoutes(app: Hono, deps: Deps) {
  // Money path: route() runs this in a transaction keyed by the Idempotency-Key.
  route(app, deps, 'order/create', async ({ body, user, db, now }) => {
    const product = await findProduct(db, body.productId);
    if (!product) throw new ApiError('error.product_unknown');
    const order = await placeOrder(db, { userId: user.id, product, direction: body.direction, amount: toCents(body.amount), cycle: body.cycle, now });
    // Settlement sets its timer for this order now (a rolled-back order only costs it an empty run).
    deps.signals.orderPlaced(order.settleTime);
    return order;
  });

  route(app, deps, 'order/hold_list', async ({ body, user, db, now }) =>
    body.since === undefined ? { items: await openOrders(db, user.id), serverTime: now } : { ...(await openOrdersSince(db, user.id, body.since)), serverTime: now },
  );

  route(app, deps, 'order/results', async ({ body, user, db, now }) => ({ items: await ordersById(db, user.id, body.ids), serverTime: now }));

  route(app, deps, 'order/list', async ({ body, user, db, now }) => ({ ...(await settledOrders(db, user.id, body)), serverTime: now }));
}
