// Size of each message that crosses the worker boundary, measured with v8.serialize: the same
// ValueSerializer that postMessage's structured clone uses, so the byte counts are the real wire format.
// Baseline: naive full snapshots (the whole candle array per update, one object per order per second).
import { serialize } from 'node:v8';
import type { Candle, CandleDelta, CountdownBatch, DueEvent, StalenessReport } from '../src/streams/messages.ts';
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

function oursMessages(): Record<string, unknown> {
  const update: CandleDelta = { kind: 'update', bar: candle(BARS) };
  const append: CandleDelta = { kind: 'append', bar: candle(BARS + 1) };
  const batch: CountdownBatch = {
    kind: 'tick',
    at: 1_790_000_001_000,
    ids: Int32Array.from({ length: ORDERS }, (_, i) => 100_000 + i),
    remainingMs: Int32Array.from({ length: ORDERS }, (_, i) => 30_000 + i * 271),
  };
  const due: DueEvent = { kind: 'due', at: 1_790_000_001_234, ids: [100_001, 100_002, 100_003] };
  const stale: StalenessReport = { ageMs: 2_000, stale: false, lastGoodAt: 1_790_000_000_000 };
  return { 'candle update': update, 'candle append': append, [`countdown batch (${ORDERS} orders)`]: batch, 'due (3 orders)': due, staleness: stale };
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
