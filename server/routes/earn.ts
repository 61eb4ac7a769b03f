import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { buyProduct } from '../earn/buy.ts';
import { listHoldings, loadHoldingView, type HoldingView } from '../earn/holdings.ts';
import { productById, productsOnSale, productView, translate } from '../earn/products.ts';
import { payPasswordGate, requirePayPassword } from '../money/pay-password.ts';
import { redeemEarly } from '../earn/redeem.ts';
import type { Db } from '../db/client.ts';
import type { Lang } from '../../src/contract/primitives.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';

/** Wealth products and lock-up pledges (`/lc`, `/record`): one engine, two families of paths. */
export function earnRoutes(app: Hono, deps: Deps) {
  const currency = deps.config.CURRENCY;
  const view = async (db: Db, holdingId: number, lang: Lang): Promise<HoldingView> => {
    const h = await loadHoldingView(db, holdingId, lang, currency);
    if (!h) throw new ApiError('error.internal');
    return h;
  };

  route(app, deps, 'wealth/getList', async ({ body, db, lang }) => ({
    items: (await productsOnSale(db, body.family)).map((p) => productView(p, lang, currency)),
  }));

  // Off-sale products still answer, so a holding can show the terms it was bought under.
  route(app, deps, 'wealth/details', async ({ body, db, lang }) => {
    const p = await productById(db, body.id);
    if (!p) throw fieldError('id', 'error.product_unknown', 'error.product_unknown');
    return { ...productView(p, lang, currency), description: translate(p.descriptions, lang) };
  });

  route(app, deps, 'wealth/buy', async ({ body, user, db, now, lang }) => {
    const id = await buyProduct(db, { userId: user.id, family: 'wealth', productId: body.productId, amount: body.amount, now });
    return view(db, id, lang);
  });

  route(app, deps, 'Defi/orderMoney', async ({ body, user, db, now, lang }) => {
    const id = await buyProduct(db, { userId: user.id, family: 'pledge', productId: body.productId, amount: body.amount, now });
    return view(db, id, lang);
  });

  route(app, deps, 'wealth/orders', async ({ user, db, lang }) => ({ items: await listHoldings(db, user.id, 'wealth', lang, currency) }));

  route(app, deps, 'Defi/myOrder', async ({ user, db, lang }) => ({ items: await listHoldings(db, user.id, 'pledge', lang, currency) }));

  // Registered before the route so the password check (and its failure count) runs outside its transaction.
  payPasswordGate(app, deps, 'wealth/submit');
  route(app, deps, 'wealth/submit', async ({ body, user, db, now, lang, hono }) => {
    requirePayPassword(hono);
    await redeemEarly(db, user.id, body.holdingId, now);
    return view(db, body.holdingId, lang);
  });
}
