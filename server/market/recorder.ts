import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { DAY, RES, type Bar, type FeedBatch, type LastPrice, type Resolution, type Tick } from './feed.ts';

/**
 * Stores what a feed produces: ticks as they are, and candles upserted as ticks arrive (a tick updates its
 * minute and its hour). Bulk writes go through unnest() of array parameters: one statement per chunk works
 * the same on PGlite and PostgreSQL and is several times faster than multi-row VALUES on PGlite.
 */

const CHUNK = 20_000;

/** The channel the feed's writer NOTIFYs with each new watermark (its decimal text). */
export const WATERMARK_CHANNEL = 'market_watermark';
const RESOLUTIONS: readonly Resolution[] = [RES.minute, RES.hour, RES.day];

/** A bar being folded: ticks and finer bars update it in place. */
type Candle = { -readonly [K in keyof Bar]: Bar[K] };

const arrayLiteral = (values: readonly (number | bigint | boolean)[]) =>
  `{${values.map((v) => (typeof v === 'boolean' ? (v ? 't' : 'f') : v.toString())).join(',')}}`;

/** Folds ticks and bars, oldest first, into one candle per (product, resolution, open time). */
export function foldCandles(ticks: readonly Tick[], bars: readonly Bar[]): Candle[] {
  const items: { at: number; bar: Bar }[] = [];
  for (const k of ticks) {
    items.push({ at: k.t, bar: { productId: k.productId, res: RES.minute, t: k.t, open: k.price, high: k.price, low: k.price, close: k.price, volume: k.qty, turnover: k.price * k.qty } });
  }
  for (const b of bars) items.push({ at: b.t, bar: b });
  items.sort((a, b) => a.at - b.at);
  const candles = new Map<string, Candle>();
  for (const { bar } of items) {
    for (const res of RESOLUTIONS) {
      // A tick or bar also belongs to every coarser candle that contains it.
      if (res < bar.res) continue;
      const t = Math.floor(bar.t / (res * 1000)) * res * 1000;
      const key = `${bar.productId}:${res}:${t}`;
      const c = candles.get(key);
      if (!c) {
        candles.set(key, { ...bar, res, t });
        continue;
      }
      if (bar.high > c.high) c.high = bar.high;
      if (bar.low < c.low) c.low = bar.low;
      c.close = bar.close;
      c.volume += bar.volume;
      c.turnover += bar.turnover;
    }
  }
  return [...candles.values()];
}

async function insertTicks(db: Db, ticks: readonly Tick[]): Promise<void> {
  for (let i = 0; i < ticks.length; i += CHUNK) {
    const part = ticks.slice(i, i + CHUNK);
    await db.execute(sql`INSERT INTO ticks (product_id, t, price, qty, up)
      SELECT * FROM unnest(${arrayLiteral(part.map((k) => k.productId))}::int[], ${arrayLiteral(part.map((k) => k.t))}::int8[],
        ${arrayLiteral(part.map((k) => k.price))}::int8[], ${arrayLiteral(part.map((k) => k.qty))}::int8[], ${arrayLiteral(part.map((k) => k.up))}::bool[])`);
  }
}

async function upsertCandles(db: Db, candles: readonly Candle[]): Promise<void> {
  for (let i = 0; i < candles.length; i += CHUNK) {
    const part = candles.slice(i, i + CHUNK);
    const col = <K extends keyof Candle>(k: K) => arrayLiteral(part.map((c) => c[k] as number | bigint));
    await db.execute(sql`INSERT INTO candles (product_id, res, t, open, high, low, close, volume, turnover)
      SELECT * FROM unnest(${col('productId')}::int[], ${col('res')}::int[], ${col('t')}::int8[], ${col('open')}::int8[],
        ${col('high')}::int8[], ${col('low')}::int8[], ${col('close')}::int8[], ${col('volume')}::int8[], ${col('turnover')}::int8[])
      ON CONFLICT (product_id, res, t) DO UPDATE SET
        high = greatest(candles.high, excluded.high),
        low = least(candles.low, excluded.low),
        close = excluded.close,
        volume = candles.volume + excluded.volume,
        turnover = candles.turnover + excluded.turnover`);
  }
}

/**
 * Writes one batch atomically: a failed write leaves no half-counted candle. With `completeUpTo` (the feed's
 * path) the batch also raises the watermark, "every tick at or before T is recorded", in the same transaction,
 * so settlement (which reads it) sees the ticks and the watermark together or neither. Ticks at or before the
 * current watermark are dropped rather than written: that price is already final and may have settled orders.
 * The watermark row's lock also makes two writers (a feed taking over from another) wait for each other.
 */
export async function recordBatch(db: Db, batch: FeedBatch, completeUpTo?: number): Promise<{ ticks: number; candles: number }> {
  if (completeUpTo === undefined) return writeBatch(db, batch);
  return db.transaction(async (tx) => {
    const [w] = await rows<{ t: string }>(tx, sql`SELECT t::text FROM market_watermark FOR UPDATE`);
    const final = Number(w?.t ?? 0);
    const fresh = (k: Tick) => k.t > final;
    const kept: FeedBatch = { ticks: batch.ticks.filter(fresh), bars: batch.bars, historyTicks: batch.historyTicks.filter(fresh) };
    const written = await writeBatch(tx, kept);
    // Every instance's live streams wake on this (market/watermark-listener.ts): delivered at commit, in order.
    await tx.execute(sql`WITH raised AS (UPDATE market_watermark SET t = greatest(t, ${completeUpTo}) RETURNING t)
      SELECT pg_notify(${WATERMARK_CHANNEL}, t::text) FROM raised`);
    return written;
  });
}

/** The watermark: every tick stamped at or before it is recorded. */
export async function watermark(db: Db): Promise<number> {
  const [w] = await rows<{ t: string }>(db, sql`SELECT t::text FROM market_watermark`);
  return Number(w?.t ?? 0);
}

async function writeBatch(db: Db, batch: FeedBatch): Promise<{ ticks: number; candles: number }> {
  const candles = foldCandles(batch.ticks, batch.bars);
  const allTicks = batch.historyTicks.length ? [...batch.historyTicks, ...batch.ticks] : batch.ticks;
  if (!allTicks.length && !candles.length) return { ticks: 0, candles: 0 };
  await db.transaction(async (tx) => {
    await insertTicks(tx, allTicks);
    await upsertCandles(tx, candles);
  });
  return { ticks: allTicks.length, candles: candles.length };
}

interface StoredCandle {
  readonly start: number;
  readonly res: Resolution;
  readonly close: bigint;
}

/**
 * The candle where history ends, from the latest candle of each resolution: the 1-minute one, unless a coarser
 * one starts at or after its end (history made of hourly or daily bars only). A coarser candle that starts
 * earlier holds the finer history folded into it, and its end is only where its period ends: today's daily
 * candle ends at midnight UTC, and taking that as "last seen" kept a product silent until midnight after a
 * restart that followed a first start's backfill before any tick was stored.
 */
export function candlesEnd(latestFinestFirst: readonly (StoredCandle | null)[]): StoredCandle | null {
  let last: StoredCandle | null = null;
  for (const c of latestFinestFirst) {
    if (c && (!last || c.start >= last.start + last.res * 1000)) last = c;
  }
  return last;
}

/** Where stored history ends per product: its last tick, unless candles made without ticks reach further. */
export async function lastPrices(db: Db): Promise<Map<number, LastPrice>> {
  type Latest = { [K in `${'m' | 'h' | 'd'}_${'t' | 'close'}`]: string | null };
  const found = await rows<{ id: number; tick_t: string | null; tick_price: string | null } & Latest>(
    db,
    sql`SELECT p.id, k.t::text AS tick_t, k.price::text AS tick_price,
               m.t::text AS m_t, m.close::text AS m_close, h.t::text AS h_t, h.close::text AS h_close, d.t::text AS d_t, d.close::text AS d_close
        FROM products p
        LEFT JOIN LATERAL (SELECT t, price FROM ticks WHERE product_id = p.id ORDER BY t DESC LIMIT 1) k ON true
        LEFT JOIN LATERAL (SELECT t, close FROM candles WHERE product_id = p.id AND res = ${RES.minute} ORDER BY t DESC LIMIT 1) m ON true
        LEFT JOIN LATERAL (SELECT t, close FROM candles WHERE product_id = p.id AND res = ${RES.hour} ORDER BY t DESC LIMIT 1) h ON true
        LEFT JOIN LATERAL (SELECT t, close FROM candles WHERE product_id = p.id AND res = ${RES.day} ORDER BY t DESC LIMIT 1) d ON true`,
  );
  const candle = (t: string | null, close: string | null, res: Resolution): StoredCandle | null =>
    t !== null && close !== null ? { start: Number(t), res, close: BigInt(close) } : null;
  const out = new Map<number, LastPrice>();
  for (const r of found) {
    const tick = r.tick_t !== null && r.tick_price !== null ? { t: Number(r.tick_t), price: BigInt(r.tick_price) } : null;
    const bar = candlesEnd([candle(r.m_t, r.m_close, RES.minute), candle(r.h_t, r.h_close, RES.hour), candle(r.d_t, r.d_close, RES.day)]);
    // A tick inside that candle is live data and says exactly where history ends; a candle after the last tick
    // is history made from bars (a filled gap), covered to its last second.
    if (tick && (!bar || tick.t >= bar.start)) out.set(Number(r.id), tick);
    else if (bar) out.set(Number(r.id), { t: bar.start + bar.res * 1000 - 1000, price: bar.close });
  }
  return out;
}

/**
 * Retention: ticks for 24 h (the trade tape and settlement need minutes; 24 h of ticks is already about 1.4M rows
 * on an embedded database), 1-minute candles for 7 days, hourly for 60 days, daily for 1000 days.
 */
export const RETENTION = { ticks: DAY, minute: 7 * DAY, hour: 60 * DAY, day: 1000 * DAY } as const;

export async function prune(db: Db, now: number): Promise<void> {
  const ids = await rows<{ id: number }>(db, sql`SELECT id FROM products`);
  // Per product, so each delete walks the primary key instead of scanning the table.
  for (const { id } of ids) {
    await db.execute(sql`DELETE FROM ticks WHERE product_id = ${id} AND t < ${now - RETENTION.ticks}`);
    await db.execute(sql`DELETE FROM candles WHERE product_id = ${id} AND res = ${RES.minute} AND t < ${now - RETENTION.minute}`);
    await db.execute(sql`DELETE FROM candles WHERE product_id = ${id} AND res = ${RES.hour} AND t < ${now - RETENTION.hour}`);
    await db.execute(sql`DELETE FROM candles WHERE product_id = ${id} AND res = ${RES.day} AND t < ${now - RETENTION.day}`);
  }
}
