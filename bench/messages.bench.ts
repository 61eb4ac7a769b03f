// Size of each message that crosses the worker boundary, measured with v8.serialize: the same
// ValueSerializer that postMessage's structured clone uses, so the byte counts are the real wire format.
// Baseline: naive full snapshots (the whole candle array per update, one object per order per second).
// Ours: the worker sends the clock offset when it changes and the order store's changes; countdowns are
// painted on the page from settle times, so nothing crosses per second per order.
import { serialize } from 'node:v8';
import type { Order } from '../src/contract/market.ts';
import type { Candle, CandleDelta, StalenessReport } from '../src/streams/messages.ts';
import type { ClockMessage, ListDelta } from '../src/workers/messages.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const RUNS = 5;
const ORDERS = 1_000;
const BARS = 1_500;
const LIMIT = 10 * 1024;

const candle = (i: number): Candle => ({
  time: 1_790_000_000_000 + i * 60_000,
  open: 64_123.45 + i,
  high: 64_200.5 + i,
  low: 64_001.25 + i,
  close: 64_150.75 + i,
  volume: 12.3456 + i,
});
const history = Array.from({ length: BARS }, (_, i) => candle(i));

/** A realistic wire order (the contract's shape). */
const order = (id: number, status: Order['status']): Order => ({
  id,
  orderNo: `CW${String(id).padStart(10, '0')}`,
  productId: 12,
  symbol: 'BTCUSDT',
  direction: 'rise',
  amount: '100.00',
  fee: '0.20',
  cycle: 60,
  payoutRate: '0.85',
  openPrice: '64123.45',
  openTime: 1_790_000_000_000 + id,
  settleTime: 1_790_000_060_000 + id,
  settlePrice: status === 'open' ? null : '64150.75',
  status,
  profit: status === 'open' ? null : '85.00',
});

function oursMessages(): Record<string, unknown> {
  const update: CandleDelta = { kind: 'update', bar: candle(BARS) };
  const append: CandleDelta = { kind: 'append', bar: candle(BARS + 1) };
  const clock: ClockMessage = { kind: 'clock', offsetMs: 600_012 };
  const placed: ListDelta<Order> = { kind: 'patch', upserts: [order(100_000, 'open')], removed: [], total: 1_000 };
  const settled: ListDelta<Order> = { kind: 'patch', upserts: [order(100_001, 'won')], removed: [], total: 1_000 };
  const stale: StalenessReport = { ageMs: 2_000, stale: false, lastGoodAt: 1_790_000_000_000 };
  return {
    'candle update': update,
    'candle append': append,
    'clock offset (on change)': clock,
    'order placed (1 order)': placed,
    'order settled (1 order)': settled,
    staleness: stale,
  };
}

function baselineMessages(): Record<string, unknown> {
  const snapshot = { bars: history.map((c) => ({ ...c })) };
  const rows = Array.from({ length: ORDERS }, (_, i) => ({
    id: 100_000 + i,
    orderNo: `ORD${100_000 + i}`,
    settleTime: 1_790_000_031_000 + i * 271,
    remainingMs: 30_000 + i * 271,
    text: `${Math.round((30_000 + i * 271) / 1000)}s`,
    status: 'open',
  }));
  return { 'candles snapshot (setData per poll)': snapshot, [`countdown rows (${ORDERS} objects)`]: rows };
}

const bytes = (message: unknown): number => serialize(message).byteLength;

const oursSizes = new Map<string, number[]>();
const baselineSizes = new Map<string, number[]>();
for (let run = 0; run < RUNS; run++) {
  for (const [name, message] of Object.entries(oursMessages())) oursSizes.set(name, [...(oursSizes.get(name) ?? []), bytes(message)]);
  for (const [name, message] of Object.entries(baselineMessages())) baselineSizes.set(name, [...(baselineSizes.get(name) ?? []), bytes(message)]);
}
const reset: CandleDelta = { kind: 'reset', interval: '1m', bars: history };
console.log(`(not steady state) candle reset, ${BARS} bars: ${bytes(reset)} bytes, once per history or interval switch`);
const burst: ListDelta<Order> = { kind: 'patch', upserts: Array.from({ length: 100 }, (_, i) => order(200_000 + i, 'lost')), removed: [], total: 1_000 };
console.log(`(not steady state) results of 100 orders due in the same second: ${bytes(burst)} bytes, one patch per order/results answer`);
let largestOurs = 0;
for (const [name, sizes] of oursSizes) {
  console.log(describeSpread(`ours ${name}`, 'bytes', sizes));
  largestOurs = Math.max(largestOurs, spread(sizes).median);
}
let largestBaseline = 0;
for (const [name, sizes] of baselineSizes) {
  console.log(describeSpread(`baseline ${name}`, 'bytes', sizes));
  largestBaseline = Math.max(largestBaseline, spread(sizes).median);
}
console.log(`largest steady-state message under 10 KiB (${LIMIT} bytes): ${largestOurs < LIMIT ? 'yes' : 'NO'}`);
console.log(benchLine('messages (largest steady-state message)', largestOurs, largestBaseline, 'bytes'));
