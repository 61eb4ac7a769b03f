import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { holding } from '../../src/contract/earn.ts';
import type { Lang } from '../../src/contract/primitives.ts';
import { cycleProfitCents } from '../../src/shared/earnings.ts';
import type { Db } from '../db/client.ts';
import { earnHoldings, earnProducts, earnRevenue } from '../db/schema/earn.ts';
import { cents, fromCents, fromPpm } from '../../src/shared/money.ts';
import { translate, type EarnFamily } from './products.ts';

export type HoldingRow = typeof earnHoldings.$inferSelect;
type RevenueRow = typeof earnRevenue.$inferSelect;
type ProductLabel = Pick<typeof earnProducts.$inferSelect, 'names' | 'pledgeCurrency'>;
export type HoldingView = z.output<typeof holding>;

/** A member sees this many of their newest holdings; older ones stay in the fund flow. */
const LIST_LIMIT = 200;

export function holdingView(h: HoldingRow, product: ProductLabel, revenue: readonly RevenueRow[], lang: Lang, currency: string): HoldingView {
  const principal = cents(h.principal);
  return {
    id: h.id,
    productId: h.productId,
    family: h.family,
    name: translate(product.names, lang),
    currency,
    pledgeCurrency: product.pledgeCurrency,
    principal: fromCents(principal),
    dailyRate: fromPpm(h.dailyRatePpm),
    cycleDays: h.cycleDays,
    estimatedProfit: fromCents(cycleProfitCents(principal, h.dailyRatePpm, h.cycleDays)),
    earned: fromCents(cents(h.earned)),
    status: h.status,
    startedAt: h.startedAt.getTime(),
    maturesAt: h.maturesAt.getTime(),
    endedAt: h.endedAt?.getTime() ?? null,
    redeemable: h.family === 'wealth' && h.status === 'earning',
    revenue: revenue.map((r) => ({ day: r.day, principal: fromCents(cents(r.principal)), profit: fromCents(cents(r.profit)), createdAt: r.createdAt.getTime() })),
  };
}

/** One member's holdings of one family, newest first, each with its revenue records oldest first. */
export async function listHoldings(db: Db, userId: number, family: EarnFamily, lang: Lang, currency: string): Promise<HoldingView[]> {
  const rows = await db
    .select({ h: earnHoldings, names: earnProducts.names, pledgeCurrency: earnProducts.pledgeCurrency })
    .from(earnHoldings)
    .innerJoin(earnProducts, eq(earnProducts.id, earnHoldings.productId))
    .where(and(eq(earnHoldings.userId, userId), eq(earnHoldings.family, family)))
    .orderBy(desc(earnHoldings.id))
    .limit(LIST_LIMIT);
  const revenue = await revenueOf(db, rows.map((r) => r.h.id));
  return rows.map((r) => holdingView(r.h, r, revenue.get(r.h.id) ?? [], lang, currency));
}

export async function loadHoldingView(db: Db, holdingId: number, lang: Lang, currency: string): Promise<HoldingView | undefined> {
  const [row] = await db
    .select({ h: earnHoldings, names: earnProducts.names, pledgeCurrency: earnProducts.pledgeCurrency })
    .from(earnHoldings)
    .innerJoin(earnProducts, eq(earnProducts.id, earnHoldings.productId))
    .where(eq(earnHoldings.id, holdingId));
  if (!row) return undefined;
  const revenue = await revenueOf(db, [holdingId]);
  return holdingView(row.h, row, revenue.get(holdingId) ?? [], lang, currency);
}

async function revenueOf(db: Db, holdingIds: readonly number[]): Promise<Map<number, RevenueRow[]>> {
  const byHolding = new Map<number, RevenueRow[]>();
  if (holdingIds.length === 0) return byHolding;
  const rows = await db
    .select()
    .from(earnRevenue)
    .where(inArray(earnRevenue.holdingId, [...holdingIds]))
    .orderBy(asc(earnRevenue.holdingId), asc(earnRevenue.dayIndex));
  for (const r of rows) {
    const list = byHolding.get(r.holdingId) ?? [];
    list.push(r);
    byHolding.set(r.holdingId, list);
  }
  return byHolding;
}
