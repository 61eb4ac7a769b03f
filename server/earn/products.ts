import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { earnFamily, earnProduct } from '../../src/contract/earn.ts';
import type { Lang } from '../../src/contract/primitives.ts';
import type { Db } from '../db/client.ts';
import { earnProducts, type Translations } from '../db/schema/earn.ts';
import { cents, fromCents, fromPpm } from '../../src/shared/money.ts';

export type EarnFamily = z.infer<typeof earnFamily>;
export type ProductRow = typeof earnProducts.$inferSelect;

export const translate = (t: Translations, lang: Lang): string => t[lang] ?? t.en;

export function productView(p: ProductRow, lang: Lang, currency: string): z.output<typeof earnProduct> {
  return {
    id: p.id,
    family: p.family,
    name: translate(p.names, lang),
    currency,
    pledgeCurrency: p.pledgeCurrency,
    dailyRate: fromPpm(p.dailyRatePpm),
    cycleDays: p.cycleDays,
    minAmount: fromCents(cents(p.minAmount)),
    maxAmount: fromCents(cents(p.maxAmount)),
    onSale: p.onSale,
  };
}

export async function productsOnSale(db: Db, family: EarnFamily | undefined): Promise<ProductRow[]> {
  const onSale = eq(earnProducts.onSale, true);
  return db
    .select()
    .from(earnProducts)
    .where(family ? and(onSale, eq(earnProducts.family, family)) : onSale)
    // 'wealth' sorts after 'pledge'; wealth products come first on the screen.
    .orderBy(desc(earnProducts.family), asc(earnProducts.sort), asc(earnProducts.id));
}

export async function productById(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(earnProducts).where(eq(earnProducts.id, id));
  return row;
}
