import type { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { fromCents, fromPpm } from '../../src/shared/money.ts';
import { ApiError } from '../http/errors.ts';
import { marketRoute } from '../http/market-route.ts';
import { route } from '../http/route.ts';
import { findProduct, loadProducts, type MarketProduct } from '../market/catalog.ts';
import { kdataBars } from '../market/kdata.ts';
import { currentSnapshot, openOrders, ordersChangedSince, settledOrders } from '../market/orders.ts';
import { formatScaled } from '../market/prices.ts';
import { quoteMayHaveMoved, quoteOf, quotes, summaryOf, type Quote } from '../market/quotes.ts';
import { watermark } from '../market/recorder.ts';
import { replayedSymbols } from '../market/service.ts';
import { latestTrades, turnover24h } from '../market/turnover.ts';

/** How many settled orders product/orders shows beside the open ones. */
const RECENT_SETTLED = 20;

async function knownProduct(db: Db, id: number): Promise<MarketProduct> {
  const p = await findProduct(db, id);
  if (!p) throw new ApiError('error.product_unknown');
  return p;
}

export function productRoutes(app: Hono, deps: Deps) {
  // Read from REPLAY_DIR's file names at start, as the feed reads it: this instance may not be the one running it.
  const replayed = replayedSymbols(deps.config.REPLAY_DIR);
  const summary = (p: MarketProduct, q: Quote | undefined, now: number) => summaryOf(p, q, now, replayed.has(p.symbol.toUpperCase()));

  marketRoute(app, deps, 'product/list', watermark, async ({ body, db, now }) => {
    const all = await loadProducts(db);
    const q = await quotes(db, now);
    const listed = all.filter((p) => body.category === undefined || p.category === body.category);
    const since = body.since;
    if (since === undefined) return { items: listed.map((p) => summary(p, q.get(p.id), now)), serverTime: now };
    const moved = listed.filter((p) => quoteMayHaveMoved(p, q.get(p.id), since, now));
    return { items: [], quotes: moved.map((p) => quoteOf(summary(p, q.get(p.id), now))), serverTime: now };
  });

  marketRoute(app, deps, 'product/details', watermark, async ({ body, db, now }) => {
    const p = await knownProduct(db, body.id);
    const q = (await quotes(db, now, p.id)).get(p.id);
    return {
      ...summary(p, q, now),
      cycles: p.cycles.map((c) => ({ seconds: c.seconds, payoutRate: fromPpm(c.payoutPpm) })),
      feeRate: fromPpm(p.feePpm),
      minAmount: fromCents(p.minAmount),
      maxAmount: fromCents(p.maxAmount),
      serverTime: now,
    };
  });

  marketRoute(app, deps, 'product/kdata', watermark, async ({ body, db, now }) => {
    const p = await knownProduct(db, body.id);
    return { interval: body.interval, bars: await kdataBars(db, p, body.interval, now, body.limit, body.since), serverTime: now };
  });

  marketRoute(app, deps, 'product/trunover', watermark, async ({ body, db, now }) => {
    const p = await knownProduct(db, body.id);
    const q = (await quotes(db, now, p.id)).get(p.id);
    const price = q?.price ?? p.sim.price;
    const day = await turnover24h(db, p, now);
    const quote = summary(p, q, now);
    return {
      price: quote.price,
      changePct: quote.changePct,
      open: quote.open,
      nextOpen: quote.nextOpen,
      volume24h: day.volume,
      amount24h: day.amount,
      high24h: formatScaled(day.high ?? price, p.decimals),
      low24h: formatScaled(day.low ?? price, p.decimals),
      trades: await latestTrades(db, p, now, body.since),
      serverTime: now,
    };
  });

  route(app, deps, 'product/orders', async ({ body, user, db, now }) => {
    const p = await knownProduct(db, body.id);
    if (body.cursor !== undefined) {
      const changed = await ordersChangedSince(db, user.id, p.id, body.cursor);
      if (changed.items !== null) return { items: changed.items, cursor: changed.cursor, serverTime: now };
    }
    // The whole answer, and the snapshot it was read in as its cursor: one REPEATABLE READ transaction.
    return db.transaction(
      async (tx) => {
        const cursor = await currentSnapshot(tx);
        const open = await openOrders(tx, user.id, p.id);
        const settled = await settledOrders(tx, user.id, { page: 1, size: RECENT_SETTLED }, p.id);
        return { items: [...open, ...settled.items], cursor, serverTime: now };
      },
      { isolationLevel: 'repeatable read' },
    );
  });
}
