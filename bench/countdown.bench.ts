// Cost of one countdown batch for 1,000 open orders, through countdownTicks on a virtual-time scheduler
// (so we measure the work per batch, not waiting). Baseline, same process: one object per order per second
// with its own Date.now() and a rounded text, as a naive per-row timer would produce.
import { of, VirtualAction, VirtualTimeScheduler } from 'rxjs';
import { countdownTicks } from '../src/streams/countdown-ticks.ts';
import type { OpenOrder } from '../src/streams/inputs.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const RUNS = 7;
const ORDERS = 1_000;
const SECONDS = 2_000;
const orders: OpenOrder[] = Array.from({ length: ORDERS }, (_, i) => ({ id: 1_000 + i, settleTime: 10_000_000 + i * 997 }));

function runOurs(): number {
  const scheduler = new VirtualTimeScheduler(VirtualAction, SECONDS * 1000);
  let batches = 0;
  const subscription = countdownTicks(of(orders), of(0), { scheduler }).subscribe((event) => {
    if (event.kind === 'tick') batches += 1;
  });
  const started = performance.now();
  scheduler.flush();
  const micros = ((performance.now() - started) * 1000) / batches;
  subscription.unsubscribe();
  return micros;
}

interface NaiveRow {
  id: number;
  remainingMs: number;
  text: string;
  due: boolean;
}

function runBaseline(): number {
  let sink = 0;
  const started = performance.now();
  for (let second = 0; second < SECONDS; second++) {
    const rows: NaiveRow[] = orders.map((order) => {
      const remainingMs = Math.max(0, order.settleTime - Date.now());
      return { id: order.id, remainingMs, text: `${Math.round(remainingMs / 1000)}s`, due: remainingMs === 0 };
    });
    sink += rows.length;
  }
  const micros = ((performance.now() - started) * 1000) / SECONDS;
  if (sink === 0) throw new Error('no rows');
  return micros;
}

runOurs();
runBaseline();
const ours: number[] = [];
const baseline: number[] = [];
for (let run = 0; run < RUNS; run++) {
  ours.push(runOurs());
  baseline.push(runBaseline());
}
console.log(describeSpread(`ours (countdownTicks, ${ORDERS} orders, ${SECONDS} batches per run)`, 'µs/batch', ours));
console.log(describeSpread('baseline (object + Date.now() + text per order)', 'µs/batch', baseline));
console.log(benchLine('countdown', spread(ours).median, spread(baseline).median, 'µs/batch'));
