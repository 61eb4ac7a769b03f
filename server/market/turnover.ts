import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { trade } from '../../src/contract/market.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { MarketProduct } from './catalog.ts';
import { DAY, RES } from './feed.ts';
import { formatScaled } from './prices.ts';

type Trade = z.infer<typeof trade>;

/** How many trades one answer carries at most. */
export const TRADES_LIMIT = 50;

/** A value in units of 10^-scale as money (2 places, rounded down): turnover is Σ price × qty. */
export function scaledToMoney(value: bigint, scale: number): string {
  const cents = scale >= 2 ? value / 10n ** BigInt(scale - 2) : value * 10n ** BigInt(2 - scale);
  return formatScaled(cents, 2);
}

export interface Turnover24h {
  readonly volume: string;
  readonly amount: string;
  readonly high: bigint | null;
  readonly low: bigint | null;
}

/** 24 h volume, amount, high and low from the 1-minute candles (which every tick updates). */
export async function turnover24h(db: Db, p: MarketProduct, now: number): Promise<Turnover24h> {
  const [r] = await rows<{ h: string | null; l: string | null; v: string | null; a: string | null }>(
    db,
    sql`SELECT max(high)::text AS h, min(low)::text AS l, sum(volume)::text AS v, sum(turnover)::text AS a
        FROM candles WHERE product_id = ${p.id} AND res = ${RES.minute} AND t > ${now - DAY} AND t <= ${now}`,
  );
  return {
    volume: formatScaled(BigInt(r?.v ?? '0'), p.qtyDecimals),
    amount: scaledToMoney(BigInt(r?.a ?? '0'), p.decimals + p.qtyDecimals),
    high: r?.h != null ? BigInt(r.h) : null,
    low: r?.l != null ? BigInt(r.l) : null,
  };
}

/** The latest trades (ticks), newest last; with `since`, only those after it. */
export async function latestTrades(db: Db, p: MarketProduct, now: number, since?: number): Promise<Trade[]> {
  const found = await rows<{ t: string; price: string; qty: string; up: boolean }>(
    db,
    sql`SELECT t::text, price::text, qty::text, up FROM ticks
        WHERE product_id = ${p.id} AND t <= ${now} ${since !== undefined ? sql`AND t > ${since}` : sql``}
        ORDER BY t DESC LIMIT ${TRADES_LIMIT}`,
  );
  return found.reverse().map((r): Trade => [Number(r.t), formatScaled(BigInt(r.price), p.decimals), formatScaled(BigInt(r.qty), p.qtyDecimals), r.up ? 'rise' : 'fall']);
}
