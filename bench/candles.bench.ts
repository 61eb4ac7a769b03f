// Candle pipeline throughput: one tick = one incremental kdata result carrying one bar (the current minute
// updated, or a new minute every 60 ticks), through mergeBars (the worker's candle merge) → a subscriber.
// Baseline, in the same process: what a naive worker would do per tick — copy the bar array, put the bar in,
// sort and trim it.
import { Subject } from 'rxjs';
import type { KdataBatch, WireBar } from '../src/streams/inputs.ts';
import { mergeBars } from '../src/streams/merge-bars.ts';
import type { Candle } from '../src/streams/messages.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const RUNS = 7;
const OURS_TICKS = 1_000_000;
const BASELINE_TICKS = 20_000;
const HISTORY = 1500;
const MINUTE = 60_000;

function ticks(count: number): KdataBatch[] {
  const batches: KdataBatch[] = [];
  let price = 100;
  for (let i = 0; i < count; i++) {
    const minute = HISTORY + Math.floor(i / 60);
    price += Math.sin(i) * 0.05;
    const bar: WireBar = [minute * MINUTE, '100.00', (price + 1).toFixed(2), (price - 1).toFixed(2), price.toFixed(2), String(i % 60)];
    batches.push({ interval: '1m', bars: [bar], since: minute * MINUTE });
  }
  return batches;
}

const history: KdataBatch = {
  interval: '1m',
  bars: Array.from({ length: HISTORY }, (_, m): WireBar => [m * MINUTE, '100', '101', '99', '100', '1']),
};

/** Ticks per CPU-second of this process, kept beside wall-clock because the machine is shared. */
const cpuRates: number[] = [];

function runOurs(batches: readonly KdataBatch[]): number {
  const input = new Subject<KdataBatch>();
  let deltas = 0;
  const subscription = input.pipe(mergeBars()).subscribe(() => {
    deltas += 1;
  });
  input.next(history);
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  for (const batch of batches) input.next(batch);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  cpuRates.push(batches.length / ((cpu.user + cpu.system) / 1e6));
  subscription.unsubscribe();
  if (deltas === 0) throw new Error('no deltas');
  return batches.length / seconds;
}

function parse(wire: WireBar): Candle {
  return { time: wire[0], open: Number(wire[1]), high: Number(wire[2]), low: Number(wire[3]), close: Number(wire[4]), volume: Number(wire[5]) };
}

function runBaseline(batches: readonly KdataBatch[]): number {
  let bars = history.bars.map(parse);
  const started = performance.now();
  for (const batch of batches) {
    const next = [...bars];
    for (const wire of batch.bars) {
      const bar = parse(wire);
      const index = next.findIndex((b) => b.time === bar.time);
      if (index >= 0) next[index] = bar;
      else next.push(bar);
    }
    next.sort((a, b) => a.time - b.time);
    bars = next.slice(-HISTORY);
  }
  const seconds = (performance.now() - started) / 1000;
  if (bars.length === 0) throw new Error('no bars');
  return batches.length / seconds;
}

const oursInput = ticks(OURS_TICKS);
const baselineInput = ticks(BASELINE_TICKS);
// Warm-up so both sides run optimised code.
runOurs(oursInput.slice(0, 50_000));
runBaseline(baselineInput.slice(0, 1_000));
cpuRates.length = 0;

const ours: number[] = [];
const baseline: number[] = [];
for (let run = 0; run < RUNS; run++) {
  ours.push(runOurs(oursInput));
  baseline.push(runBaseline(baselineInput));
}
console.log(describeSpread(`ours (mergeBars, ${OURS_TICKS} ticks)`, 'ticks/s', ours));
console.log(describeSpread('ours per CPU-second of this process (load on the shared machine removed)', 'ticks/s', cpuRates));
console.log(describeSpread(`baseline (copy + sort per tick, ${BASELINE_TICKS} ticks)`, 'ticks/s', baseline));
const median = spread(ours).median;
console.log(`target >= 1M ticks/s: ${median >= 1_000_000 ? 'met' : 'NOT met'}; ours is ${(median / spread(baseline).median).toFixed(0)}x the baseline`);
// As time per tick (the inverse of the rate), so the ratio reads like every other line's: above 1, ours is faster.
console.log(benchLine('candles', 1e9 / median, 1e9 / spread(baseline).median, 'ns/tick'));
