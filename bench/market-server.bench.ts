// Market server figures on the embedded database (PGlite): first start with backfill (rows made, time), the
// kdata payload sizes, and settlement throughput for 10,000 orders falling due in the same second.
// Baseline for settlement, in the same process: the same engine settling one order per transaction.
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { loadProducts } from '../server/market/catalog.ts';
import { kdataBars } from '../server/market/kdata.ts';
import { createSimulatedFeed } from '../server/market/service.ts';
import { SettlementEngine } from '../server/market/settlement.ts';
import { recordTicks } from '../server/market/testing.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const T0 = Date.UTC(2026, 10, 2, 14, 30, 0);
const RUNS = 3;
const ORDERS = 10_000;
const BASELINE_ORDERS = 1_000;

async function firstStart(): Promise<{ create: number; migrate: number; backfill: number; candles: number; database: Database }> {
  let at = performance.now();
  const database = await openPglite(undefined);
  const create = performance.now() - at;
  at = performance.now();
  await migrate(database);
  const migrated = performance.now() - at;
  at = performance.now();
  const market = await createSimulatedFeed(database.db);
  const written = await market.resume(T0);
  return { create, migrate: migrated, backfill: performance.now() - at, candles: written.candles, database };
}

/** 10,000 open orders (100 members) all due at the same second, the price recorded on both sides of it. */
async function dueOrders(database: Database, count: number, settleAt: number): Promise<void> {
  const db = database.db;
  await db.execute(sql`INSERT INTO users (username, phone, password_hash, invite_code)
    SELECT 'bench' || i, '139' || lpad(i::text, 8, '0'), 'x', 'BENCH' || i FROM generate_series(1, 100) i ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO accounts (user_id) SELECT id FROM users ON CONFLICT DO NOTHING`);
  const [btc] = (await loadProducts(db)).filter((p) => p.symbol === 'BTCUSDT');
  if (!btc) throw new Error('no BTCUSDT');
  await recordTicks(db, btc, [[settleAt - 31_000, '67000.00'], [settleAt, '67001.00'], [settleAt + 1000, '67002.00']]);
  await db.execute(sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
    SELECT u.id, ${btc.id}, CASE WHEN i % 2 = 0 THEN 'rise' ELSE 'fall' END, 10000, 20, 30, 800000, 6700000, ${settleAt - 31_000}, ${settleAt - 30_000}, ${settleAt}
    FROM generate_series(1, ${count}) i JOIN users u ON u.username = 'bench' || (1 + i % 100)`);
}

async function settle(database: Database, batchSize: number, count: number, settleAt: number): Promise<number> {
  await dueOrders(database, count, settleAt);
  const engine = new SettlementEngine(database.db, { batchSize });
  const at = performance.now();
  const settled = await engine.settleDue(settleAt + 1000);
  if (settled !== count) throw new Error(`settled ${settled} of ${count}`);
  return performance.now() - at;
}

const starts: number[] = [];
const backfills: number[] = [];
const ours: number[] = [];
const baseline: number[] = [];
let candles = 0;
for (let run = 0; run < RUNS; run++) {
  const s = await firstStart();
  starts.push(s.create + s.migrate + s.backfill);
  backfills.push(s.backfill);
  candles = s.candles;
  console.log(`first start ${run + 1}: PGlite create ${s.create.toFixed(0)} ms, migrate ${s.migrate.toFixed(0)} ms, backfill ${s.backfill.toFixed(0)} ms (${s.candles} candles)`);
  if (run === 0) {
    const products = await loadProducts(s.database.db);
    const btc = products.find((p) => p.symbol === 'BTCUSDT');
    if (btc) {
      const full = await kdataBars(s.database.db, btc, '1m', T0, 500);
      const last = full[full.length - 1]?.[0] ?? 0;
      const poll = await kdataBars(s.database.db, btc, '1m', T0, 500, last);
      const envelope = (bars: unknown) => JSON.stringify({ code: 0, msg: '', data: { interval: '1m', bars, serverTime: T0 } }).length;
      console.log(`kdata BTCUSDT 1m: full (500 bars) ${envelope(full)} B, since-poll ${envelope(poll)} B`);
    }
  }
  ours.push(await settle(s.database, 500, ORDERS, T0 + (run + 1) * 600_000));
  baseline.push((await settle(s.database, 1, BASELINE_ORDERS, T0 + (run + 1) * 600_000 + 300_000)) * (ORDERS / BASELINE_ORDERS));
  await s.database.close();
}
console.log(`candles made by the backfill: ${candles}`);
console.log(describeSpread('first start (create + migrate + backfill)', 'ms', starts));
console.log(describeSpread('backfill alone', 'ms', backfills));
console.log(describeSpread(`settle ${ORDERS} due orders, batches of 500`, 'ms', ours));
console.log(describeSpread(`baseline: one transaction per order (${BASELINE_ORDERS} timed, scaled to ${ORDERS})`, 'ms', baseline));
console.log(benchLine(`settlement of ${ORDERS} orders due in one second`, spread(ours).median, spread(baseline).median, 'ms'));
