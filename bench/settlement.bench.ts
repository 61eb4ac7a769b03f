// Settlement: 10,000 orders falling due in the same second (the target: all settle within 1 s). Ours is the
// set-based engine as `npm start` wires it: orders settled and their results paid, with each order's referral
// cashback queued, all by one statement per batch (server/market/settle-statement.ts, server/referral/on-settled.ts).
// The cashback itself is paid after settlement by the queue's own loop (server/referral/queue.ts).
// Baselines, in the same run: settlement one order per transaction with move() and per-row cashback inside it,
// and the queue drained one order per transaction with the same per-row cashback (bench/settlement-baseline.ts).
// Like for like: the baseline's settlement pays the cashback inside, so the settlement line's "ours" is settling
// and then draining the cashback queue, run after run: both leave the same balances, payouts and cashback behind
// (checked below). Settling alone (the cashback only queued), what the 1 s target is about, is printed beside it.
// Each run starts from a fresh copy of the same database. The baselines are slow, so they handle 1,000 orders
// per run and are scaled to 10,000: their cost per order does not depend on how many others are due.
// PGlite by default; DATABASE_URL=postgres://... runs it on a real PostgreSQL server. ORDERS (10,000) and
// BASELINE_ORDERS (1,000) are smaller for a quick look.
import type { Database } from '../server/db/client.ts';
import { SettlementEngine } from '../server/market/settlement.ts';
import { payReferralCashbackMany } from '../server/referral/cashback.ts';
import { queueCashbackOnSettled } from '../server/referral/on-settled.ts';
import { CASHBACK_BATCH, drainCashbackQueue } from '../server/referral/queue.ts';
import { drainOneByOne, settleOneByOne } from './settlement-baseline.ts';
import { addDueOrders, benchDatabases, CHAIN, MEMBERS, outcome, SETTLE_AT } from './settlement-fixture.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const ORDERS = Number(process.env['ORDERS'] ?? 10_000);
const RUNS = Number(process.env['RUNS'] ?? 5);
const BASELINE_ORDERS = Math.min(ORDERS, Number(process.env['BASELINE_ORDERS'] ?? 1_000));
const BASELINE_RUNS = Number(process.env['BASELINE_RUNS'] ?? 3);
/** The design this replaced (cashback paid inside the settlement transaction), for comparison only. */
const INLINE_RUNS = Number(process.env['INLINE_RUNS'] ?? 2);
/** Settlement with no listener at all, to show what queueing the cashback adds; for comparison only. */
const BARE_RUNS = Number(process.env['BARE_RUNS'] ?? 2);
const NOW = SETTLE_AT + 1000;

const dbs = await benchDatabases();
console.log(`settlement on ${dbs.kind}: ${MEMBERS} members in invite chains of ${CHAIN}, orders of 1,000.00 with a 2.00 fee, half of them won`);

type Step = (d: Database) => Promise<number>;

/** One run on a fresh database: `settle` timed, then `drain` (when given) timed on its own; both must finish all. */
async function timed(orders: number, settle: Step, drain?: Step): Promise<{ settleMs: number; drainMs: number; summary: string }> {
  const d = await dbs.fresh();
  try {
    await addDueOrders(d, orders);
    const at = performance.now();
    const settled = await settle(d);
    const settleMs = performance.now() - at;
    if (settled !== orders) throw new Error(`settled ${settled} of ${orders}`);
    let drainMs = Number.NaN;
    if (drain) {
      const from = performance.now();
      const drained = await drain(d);
      drainMs = performance.now() - from;
      // Every order carries a fee, so every one was queued.
      if (drained !== orders) throw new Error(`paid the cashback of ${drained} of ${orders} orders`);
    }
    const result = await outcome(d);
    if (!result.ledgerOk) throw new Error('ledger sums differ from balances');
    return { settleMs, drainMs, summary: result.summary };
  } finally {
    await dbs.release(d);
  }
}

const engine = (d: Database) => {
  const e = new SettlementEngine(d.db);
  e.onSettled(queueCashbackOnSettled);
  return e;
};
const ours: Step = (d) => engine(d).settleDue(NOW);
const oursDrain: Step = async (d) => (await drainCashbackQueue(d.db)).orders;
/** Before the queue: nine generations of cashback paid inside the settlement transaction. */
const inline: Step = (d) => {
  const e = new SettlementEngine(d.db);
  e.onSettled(async (tx, batch) => void (await payReferralCashbackMany(tx, batch.map((o) => ({ orderId: o.id, userId: o.userId, fee: o.fee, at: o.settleTime })))));
  return e.settleDue(NOW);
};
const bare: Step = (d) => new SettlementEngine(d.db).settleDue(NOW);
const baseline: Step = (d) => settleOneByOne(d.db, NOW);
const baselineDrain: Step = (d) => drainOneByOne(d.db);

// Same orders, same database: all three must leave the same balances, payouts and cashback behind (and an empty queue).
const check = [await timed(BASELINE_ORDERS, ours, oursDrain), await timed(BASELINE_ORDERS, baseline), await timed(BASELINE_ORDERS, ours, baselineDrain)];
const [first] = check;
if (!first || check.some((c) => c.summary !== first.summary)) throw new Error(`ours and the baselines differ:\n${check.map((c) => c.summary).join('\n')}`);
console.log(`same result for ${BASELINE_ORDERS} orders: ${first.summary}`);

const settleMs: number[] = [];
const drainMs: number[] = [];
/** Settling then draining the queue, per run: the same work as the baseline's settlement with cashback inside. */
const settleAndDrainMs: number[] = [];
let summary: string | undefined;
for (let run = 0; run < RUNS; run++) {
  const r = await timed(ORDERS, ours, oursDrain);
  if (summary !== undefined && r.summary !== summary) throw new Error(`run ${run + 1} differs:\n${summary}\n${r.summary}`);
  summary = r.summary;
  settleMs.push(r.settleMs);
  drainMs.push(r.drainMs);
  settleAndDrainMs.push(r.settleMs + r.drainMs);
  console.log(`ours ${run + 1}: settled in ${r.settleMs.toFixed(0)} ms, cashback drained in ${r.drainMs.toFixed(0)} ms ${r.summary}`);
}
const inlineMs: number[] = [];
for (let run = 0; run < INLINE_RUNS; run++) {
  const r = await timed(ORDERS, inline);
  inlineMs.push(r.settleMs);
  console.log(`before the queue (cashback inside settlement) ${run + 1}: ${r.settleMs.toFixed(0)} ms`);
}
const bareMs: number[] = [];
for (let run = 0; run < BARE_RUNS; run++) {
  const r = await timed(ORDERS, bare);
  bareMs.push(r.settleMs);
  console.log(`settlement without any listener ${run + 1}: ${r.settleMs.toFixed(0)} ms`);
}
const baseMs: number[] = [];
for (let run = 0; run < BASELINE_RUNS; run++) {
  const r = await timed(BASELINE_ORDERS, baseline);
  baseMs.push(r.settleMs * (ORDERS / BASELINE_ORDERS));
  console.log(`baseline settlement ${run + 1}: ${r.settleMs.toFixed(0)} ms for ${BASELINE_ORDERS} orders`);
}
const baseDrainMs: number[] = [];
for (let run = 0; run < BASELINE_RUNS; run++) {
  const r = await timed(BASELINE_ORDERS, ours, baselineDrain);
  baseDrainMs.push(r.drainMs * (ORDERS / BASELINE_ORDERS));
  console.log(`baseline cashback drain ${run + 1}: ${r.drainMs.toFixed(0)} ms for ${BASELINE_ORDERS} orders`);
}
await dbs.close();

console.log(describeSpread(`ours: settle ${ORDERS} orders due in one second, results paid, cashback queued (${dbs.kind})`, 'ms', settleMs));
console.log(describeSpread(`ours: then pay their referral cashback from the queue, ${CASHBACK_BATCH} orders per transaction`, 'ms', drainMs));
if (bareMs.length) console.log(describeSpread(`settlement without any listener (what queueing adds)`, 'ms', bareMs));
if (inlineMs.length) console.log(describeSpread(`before the queue: settle with cashback paid inside the settlement transaction`, 'ms', inlineMs));
console.log(describeSpread(`baseline settlement: one transaction per order, cashback inside (${BASELINE_ORDERS} timed, scaled to ${ORDERS})`, 'ms', baseMs));
console.log(describeSpread(`baseline cashback drain: one transaction per queued order (${BASELINE_ORDERS} timed, scaled to ${ORDERS})`, 'ms', baseDrainMs));
console.log(describeSpread(`ours: settle, then pay the cashback from the queue (the baseline settlement's work)`, 'ms', settleAndDrainMs));
console.log(benchLine(`referral cashback of ${ORDERS} settled orders, paid from the queue after settlement (${dbs.kind})`, spread(drainMs).median, spread(baseDrainMs).median, 'ms'));
console.log(
  benchLine(`settlement of ${ORDERS} orders due in one second, results and referral cashback paid (${dbs.kind})`, spread(settleAndDrainMs).median, spread(baseMs).median, 'ms'),
);
