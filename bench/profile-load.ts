// A tool to look into the first screen's main thread, not a benchmark (it prints no BENCH line): V8's CPU profile of
// cold loads at 4x CPU in Chromium at 360x640, logged in as the demo member, served over HTTPS by the real server.
// It prints the median self time per file and per function over the runs, and on request:
//   CALLERS=<function name>  who calls it (four frames up), e.g. CALLERS=appendChild;
//   INCL=<n>                 the n functions with the most inclusive time;
//   UNDER=<function name>    where the time inside it goes (the function each sample was in), e.g. UNDER=preload;
//   LINES=<part of a file name> its self time per source line (the build unminified keeps one statement a line).
// SITE=<built folders, comma-separated> (default dist: build it first; `vite build --minify false` keeps names),
// PATHS=/hq,/orderrecord, RUNS=3, WAIT=<ms profiled after the navigation starts> (6000),
// STEADY=<ms> starts the profile that long after the navigation instead: a live screen's cost per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coldMemberPage } from './demo-login.ts';
import { serveBuild } from './serve-build.ts';
import { selfSignedCertificate } from './tls.ts';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
  /** Samples per source line (1-based) of the node's own time. */
  readonly positionTicks?: readonly { readonly line: number; readonly ticks: number }[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const PATHS = env('PATHS', '/hq').split(',');
const RUNS = Number(env('RUNS', '3'));
const WAIT = Number(env('WAIT', '6000'));
const STEADY = Number(env('STEADY', '0'));
const TOP = Number(env('TOP', '25'));
const INCL = Number(env('INCL', '0'));
const CALLERS = process.env['CALLERS'];
const UNDER = process.env['UNDER'];
const LINES = process.env['LINES'];

const work = mkdtempSync(join(tmpdir(), 'candlewick-profile-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const sites: { dir: string; base: string; stop: () => Promise<void> }[] = [];
for (const [i, dir] of env('SITE', 'dist').split(',').entries()) {
  sites.push({ dir, ...(await serveBuild(dir, join(work, `data-${i}`), { DEMO: 'true', ...selfSignedCertificate(work) })) });
}

/** One cold load (fresh browser, empty cache, no service worker), profiled. */
async function profileLoad(base: string, path: string): Promise<Profile> {
  const { browser, context, page } = await coldMemberPage(base);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    if (STEADY > 0) {
      await page.goto(new URL(path, base).toString());
      await page.waitForTimeout(STEADY);
      await cdp.send('Profiler.start');
    } else {
      await cdp.send('Profiler.start');
      await page.goto(new URL(path, base).toString());
    }
    await page.waitForTimeout(WAIT);
    const { profile } = await cdp.send('Profiler.stop');
    return profile as Profile;
  } finally {
    await browser.close();
  }
}

const fileOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '(native)';
const frameName = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${fileOf(node.callFrame.url)}:${node.callFrame.lineNumber}`;
const IDLE = new Set(['(idle)', '(program)']);

/** Milliseconds per key for one profile: TOTAL, FILE …, FN …, and the CALLER / UNDER / INCL rows asked for. */
function tally(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out = new Map<string, number>();
  const add = (key: string, ms: number) => out.set(key, (out.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node || IDLE.has(node.callFrame.functionName)) return;
    add('TOTAL', ms);
    add(`FILE ${fileOf(node.callFrame.url)}`, ms);
    add(`FN ${frameName(node)}`, ms);
    const stack: ProfileNode[] = [];
    for (let cur = parent.get(id); cur !== undefined; cur = parent.get(cur)) {
      const up = byId.get(cur);
      if (up) stack.push(up);
    }
    if (CALLERS !== undefined && node.callFrame.functionName === CALLERS) add(`CALLER ${stack.slice(0, 4).map(frameName).join(' < ')}`, ms);
    if (UNDER !== undefined && [node, ...stack].some((frame) => frame.callFrame.functionName === UNDER)) add(`UNDER ${frameName(node)}`, ms);
    if (INCL > 0) for (const name of new Set([node, ...stack].map(frameName))) add(`INCL ${name}`, ms);
  });
  if (LINES !== undefined) {
    // Each node's self time shared out over its lines by their share of its ticks.
    const selfMs = new Map<number, number>();
    profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    for (const node of profile.nodes) {
      if (!node.callFrame.url.includes(LINES) || !node.positionTicks?.length) continue;
      const ticks = node.positionTicks.reduce((sum, p) => sum + p.ticks, 0);
      for (const p of node.positionTicks) add(`LINE ${fileOf(node.callFrame.url)}:${p.line}`, ((selfMs.get(node.id) ?? 0) * p.ticks) / ticks);
    }
  }
  return out;
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs, ...Array<number>(Math.max(0, RUNS - xs.length)).fill(0)].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const results = new Map<string, Map<string, number[]>>();
for (let run = 1; run <= RUNS; run++) {
  for (const path of PATHS) {
    for (const site of sites) {
      const rows = tally(await profileLoad(site.base, path));
      const key = `${path} on ${site.dir}`;
      const kept = results.get(key) ?? new Map<string, number[]>();
      for (const [k, ms] of rows) kept.set(k, [...(kept.get(k) ?? []), ms]);
      results.set(key, kept);
      console.log(`${key} run ${run}: ${(rows.get('TOTAL') ?? 0).toFixed(1)} ms of script at 4x`);
    }
  }
}
for (const [key, rows] of results) {
  console.log(`\n== ${key}: medians over ${RUNS} runs, ms at 4x`);
  const sorted = [...rows].map(([k, v]) => [k, median(v)] as const).sort((a, b) => b[1] - a[1]);
  const show = (prefix: string, count: number) => {
    for (const [k, ms] of sorted.filter(([k]) => k.startsWith(prefix)).slice(0, count)) console.log(`${ms.toFixed(1).padStart(8)}  ${k}`);
  };
  show('TOTAL', 1);
  show('FILE ', 15);
  show('FN ', TOP);
  show('CALLER ', 15);
  show('UNDER ', 20);
  show('LINE ', 30);
  show('INCL ', INCL);
}
for (const site of sites) await site.stop();
process.exit(0);
