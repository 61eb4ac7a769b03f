import { DAY_MS, dailyProfitCents } from '../../src/shared/earnings.ts';
import type { Db } from '../db/client.ts';
import { earnHoldings } from '../db/schema/earn.ts';
import { amountRefusal } from '../domain/amount-limits.ts';
import { move } from '../domain/ledger.ts';
import { cents, toCents } from '../../src/shared/money.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { productById, type EarnFamily } from './products.ts';

export interface BuyInput {
  readonly userId: number;
  readonly family: EarnFamily;
  readonly productId: number;
  readonly amount: string;
  readonly now: number;
}

/**
 * Moves the principal into a new holding, in the caller's transaction (the route's, which also records the
 * Idempotency-Key). Anything refused throws before or inside the transaction, so nothing changes.
 */
export async function buyProduct(tx: Db, input: BuyInput): Promise<number> {
  const product = await productById(tx, input.productId);
  // A wealth path cannot buy a pledge and vice versa: to that path the product does not exist.
  if (!product || product.family !== input.family) throw fieldError('productId', 'error.product_unknown', 'error.product_unknown');
  if (!product.onSale) throw fieldError('productId', 'error.not_on_sale', 'error.not_on_sale');
  const principal = toCents(input.amount);
  const outside = amountRefusal(principal, product);
  if (outside) throw outside;

  const [holding] = await tx
    .insert(earnHoldings)
    .values({
      userId: input.userId,
      productId: product.id,
      family: product.family,
      principal,
      dailyRatePpm: product.dailyRatePpm,
      cycleDays: product.cycleDays,
      dailyProfit: dailyProfitCents(principal, product.dailyRatePpm),
      startedAt: new Date(input.now),
      nextDueAt: new Date(input.now + DAY_MS),
      maturesAt: new Date(input.now + product.cycleDays * DAY_MS),
    })
    .returning({ id: earnHoldings.id });
  if (!holding) throw new ApiError('error.internal');
  const type = product.family === 'wealth' ? 'wealth_buy' : 'pledge_buy';
  // Throws insufficient_balance when the balance is short; the transaction then rolls the holding back too.
  await move(tx, { userId: input.userId, type, available: cents(-principal), ref: `holding:${holding.id}`, at: input.now });
  return holding.id;
}
