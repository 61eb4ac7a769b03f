// Settlement: 10,000 orders falling due in the same second (issue 3: all settle within 1 s). Ours is the
// set-based engine with the referral cashback listener, as `npm start` wires it; the baseline, in the same
// run, settles one order per transaction with move() and per-row cashback (bench/settlement-baseline.ts).
// Each run starts from a fresh copy of the same database. The baseline is slow, so it settles 1,000 orders
// per run and is scaled to 10,000: its cost per order does not depend on how many others are due.
// PGlite by default; DATABASE_URL=postgres://... runs it on a real PostgreSQL server.
import type { Database } from '../server/db/client.ts';
import { SettlementEngine } from '../server/market/settlement.ts';
import { payCashbackOnSettled } from '../server/referral/on-settled.ts';
import { settleOneByOne } from './settlement-baseline.ts';
import { addDueOrders, benchDatabases, CHAIN, MEMBERS, outcome, SETTLE_AT } from './settlement-fixture.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const ORDERS = 10_000;
const RUNS = Number(process.env['RUNS'] ?? 5);
const BASELINE_ORDERS = 1_000;
const BASELINE_RUNS = Number(process.env['BASELINE_RUNS'] ?? 3);
const NOW = SETTLE_AT + 1000;

const dbs = await benchDatabases();
console.log(`settlement on ${dbs.kind}: ${MEMBERS} members in invite chains of ${CHAIN}, orders of 1,000.00 with a 2.00 fee, half of them won`);

async function timed(orders: number, settle: (d: Database) => Promise<number>): Promise<{ ms: number; result: Awaited<ReturnType<typeof outcome>> }> {
  const d = await dbs.fresh();
  try {
    await addDueOrders(d, orders);
    const at = performance.now();
    const settled = await settle(d);
    const ms = performance.now() - at;
    if (settled !== orders) throw new Error(`settled ${settled} of ${orders}`);
    const result = await outcome(d);
    if (!result.ledgerOk) throw new Error('ledger sums differ from balances');
    return { ms, result };
  } finally {
    await dbs.release(d);
  }
}

const ours = (d: Database) => {
  const engine = new SettlementEngine(d.db);
  engine.onSettled(payCashbackOnSettled);
  return engine.settleDue(NOW);
};
/** The engine alone: status, prices and payouts, without the referral listener (what cashback costs on top). */
const oursWithoutCashback = (d: Database) => new SettlementEngine(d.db).settleDue(NOW);
const baseline = (d: Database) => settleOneByOne(d.db, NOW);

// Same orders, same database: both must leave the same balances, payouts and cashback behind.
const check = [await timed(BASELINE_ORDERS, ours), await timed(BASELINE_ORDERS, baseline)];
if (check[0]?.result.summary !== check[1]?.result.summary) throw new Error(`ours and baseline differ:\n${check[0]?.result.summary}\n${check[1]?.result.summary}`);
console.log(`same result for ${BASELINE_ORDERS} orders: ${check[0]?.result.summary}`);

const oursMs: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const { ms, result } = await timed(ORDERS, ours);
  oursMs.push(ms);
  console.log(`ours ${run + 1}: ${ms.toFixed(0)} ms ${result.summary}`);
}
const bareMs: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const { ms } = await timed(ORDERS, oursWithoutCashback);
  bareMs.push(ms);
  console.log(`ours without the cashback listener ${run + 1}: ${ms.toFixed(0)} ms`);
}
const baseMs: number[] = [];
for (let run = 0; run < BASELINE_RUNS; run++) {
  const { ms } = await timed(BASELINE_ORDERS, baseline);
  baseMs.push(ms * (ORDERS / BASELINE_ORDERS));
  console.log(`baseline ${run + 1}: ${ms.toFixed(0)} ms for ${BASELINE_ORDERS} orders`);
}
await dbs.close();

console.log(describeSpread(`ours: settle ${ORDERS} orders due in one second, with cashback (${dbs.kind})`, 'ms', oursMs));
console.log(describeSpread(`ours without the cashback listener (orders and payouts only)`, 'ms', bareMs));
console.log(describeSpread(`baseline: one transaction per order (${BASELINE_ORDERS} timed, scaled to ${ORDERS})`, 'ms', baseMs));
console.log(benchLine(`settlement of ${ORDERS} orders due in one second (${dbs.kind})`, spread(oursMs).median, spread(baseMs).median, 'ms'));
