// What a row's link costs to read: the router's parsePath on the hrefs a live list renders on every tick, beside the
// URL parser it falls back to (what every call did before plain paths were read directly). Both give the same parts
// (src/shared/path.test.ts checks it on random paths).
import { performance } from 'node:perf_hooks';
import { parsePath, parseWithUrl } from '../src/shared/path.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const RUNS = 7;
const CALLS = 200_000;
const hrefs = Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? '/hq' : `/xq?id=${i + 1}`));

function time(read: (to: string) => { pathname: string }): number {
  let length = 0;
  const start = performance.now();
  for (let i = 0; i < CALLS; i += 1) length += read(hrefs[i % hrefs.length] ?? '/').pathname.length;
  const ms = performance.now() - start;
  if (length === 0) throw new Error('nothing read');
  return (ms * 1e6) / CALLS;
}

const ours: number[] = [];
const baseline: number[] = [];
time(parsePath);
time(parseWithUrl);
for (let run = 0; run < RUNS; run += 1) {
  // Taking turns, so the machine's load weighs on both alike.
  ours.push(time(parsePath));
  baseline.push(time(parseWithUrl));
}
console.log(describeSpread('parsePath', 'ns a call', ours));
console.log(describeSpread('new URL', 'ns a call', baseline));
console.log(benchLine('parse-path', spread(ours).median, spread(baseline).median, 'ns/call'));
