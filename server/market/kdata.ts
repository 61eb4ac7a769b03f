import { sql } from 'drizzle-orm';
import { INTERVAL_MS } from '../../src/contract/intervals.ts';
import type { Bar, Interval } from '../../src/contract/market.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { MarketProduct } from './catalog.ts';
import { RES, type Resolution } from './feed.ts';
import { formatScaled } from './prices.ts';

/** The stored resolution each interval is aggregated from (its length: the contract's INTERVAL_MS). */
export const SOURCE_RESOLUTION: Record<Interval, Resolution> = {
  '1m': RES.minute, '5m': RES.minute, '15m': RES.minute, '30m': RES.minute, '1h': RES.hour, '4h': RES.hour, '1d': RES.day,
};

/**
 * The newest `limit` bars of an interval, oldest first, aggregated in SQL from stored candles. With `since`,
 * only bars whose open time is >= since: a poll with the last bar's open time gets that bar (it may have
 * changed) plus any newer one, so an unchanged chart costs one bar.
 */
export async function kdataBars(db: Db, p: MarketProduct, interval: Interval, now: number, limit: number, since?: number): Promise<Bar[]> {
  const ms = INTERVAL_MS[interval];
  const res = SOURCE_RESOLUTION[interval];
  const perBar = ms / (res * 1000);
  // Without since, start where the newest limit × perBar source rows start: enough for `limit` bars even when
  // a market's closed hours leave buckets part-empty, and the scan stays on the primary key.
  const from =
    since !== undefined
      ? sql`${Math.ceil(since / ms) * ms}`
      : sql`coalesce((SELECT (t / ${ms}) * ${ms} FROM candles WHERE product_id = ${p.id} AND res = ${res} AND t <= ${now}
                      ORDER BY t DESC OFFSET ${limit * perBar - 1} LIMIT 1), 0)`;
  const found = await rows<{ bt: string; o: string; h: string; l: string; c: string; v: string }>(
    db,
    sql`SELECT (t / ${ms}) * ${ms} AS bt, (array_agg(open ORDER BY t))[1]::text AS o, max(high)::text AS h, min(low)::text AS l,
          (array_agg(close ORDER BY t DESC))[1]::text AS c, sum(volume)::text AS v
        FROM candles
        WHERE product_id = ${p.id} AND res = ${res} AND t >= ${from} AND t <= ${now}
        GROUP BY 1 ORDER BY 1 DESC LIMIT ${limit}`,
  );
  const d = p.decimals;
  return found.reverse().map((r): Bar => [
    Number(r.bt), formatScaled(BigInt(r.o), d), formatScaled(BigInt(r.h), d), formatScaled(BigInt(r.l), d), formatScaled(BigInt(r.c), d),
    formatScaled(BigInt(r.v), p.qtyDecimals),
  ]);
}
