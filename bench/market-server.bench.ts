// Market server figures on the embedded database (PGlite): first start with backfill (rows made, time) and the
// kdata payload sizes; the BENCH line compares a `since` poll of an unchanged product with reloading the chart
// (the target: under 1 KB a poll). Settlement throughput has its own benchmark: settlement.bench.ts.
import { openPglite, type Database } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { loadProducts } from '../server/market/catalog.ts';
import { kdataBars } from '../server/market/kdata.ts';
import { createSimulatedFeed } from '../server/market/service.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const T0 = Date.UTC(2026, 10, 2, 14, 30, 0);
const RUNS = 3;

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

const starts: number[] = [];
const backfills: number[] = [];
const pollBytes: number[] = [];
const fullBytes: number[] = [];
let candles = 0;
for (let run = 0; run < RUNS; run++) {
  const s = await firstStart();
  starts.push(s.create + s.migrate + s.backfill);
  backfills.push(s.backfill);
  candles = s.candles;
  console.log(`first start ${run + 1}: PGlite create ${s.create.toFixed(0)} ms, migrate ${s.migrate.toFixed(0)} ms, backfill ${s.backfill.toFixed(0)} ms (${s.candles} candles)`);
  const products = await loadProducts(s.database.db);
  const btc = products.find((p) => p.symbol === 'BTCUSDT');
  if (btc) {
    const full = await kdataBars(s.database.db, btc, '1m', T0, 500);
    const last = full[full.length - 1]?.[0] ?? 0;
    const poll = await kdataBars(s.database.db, btc, '1m', T0, 500, last);
    const envelope = (bars: unknown) => JSON.stringify({ code: 0, msg: '', data: { interval: '1m', bars, serverTime: T0 } }).length;
    console.log(`kdata BTCUSDT 1m: full (500 bars) ${envelope(full)} B, since-poll ${envelope(poll)} B`);
    fullBytes.push(envelope(full));
    pollBytes.push(envelope(poll));
  }
  await s.database.close();
}
console.log(`candles made by the backfill: ${candles}`);
console.log(describeSpread('first start (create + migrate + backfill)', 'ms', starts));
console.log(describeSpread('backfill alone', 'ms', backfills));
console.log(benchLine('kdata poll of an unchanged product (since cursor vs full reload, 500 1m bars)', spread(pollBytes).median, spread(fullBytes).median, 'B'));
