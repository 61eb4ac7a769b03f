// Cold start on a cheap phone: Lighthouse 12's mobile profile (simulated Slow 4G, 4x CPU) on /, /hq,
// /xq?id=12 and /orderrecord, logged in as the demo member, with a cold HTTP cache and no service worker.
// The app is built into the bench's own folder (a teammate's `vite build` into dist/ cannot change what is
// measured) and served by the real server on a fresh PGlite data directory.
// Baseline, measured in the same run: the build of git commit LIGHTHOUSE_BASELINE (default bddcdc9, before the
// first screen's work was spread over short tasks), built from `git archive` into a temp folder and served by a
// second server, over the same protocol; its runs alternate with ours (ABBA), so the machine's load weighs on both
// alike. LIGHTHOUSE_BASELINE=none skips it: the runs and the table are printed, but no BENCH line (a figure from
// an older table, measured another way, is no baseline). LIGHTHOUSE_URL measures a running server as ours instead.
// Per run: performance, FCP, LCP, TBT, the longest task (and the longest but the navigation's commit, read from the
// run's trace) and the main thread's script time (evaluation, parse and compile) in Lighthouse's model (4x CPU, or a
// modelled machine's slowdown: below), and the machine's benchmarkIndex (targets hold for an index <= 1,600).
// Then the floors, RUNS times each (LIGHTHOUSE_FLOOR=0 skips them): a page of one line from the same server without
// script, whose longest task is the browser's own share of a cold navigation, and the same with one module script.
// Lighthouse is heavy on two shared cores: 3 runs per screen and build (LIGHTHOUSE_RUNS); the median is kept.
// In Debian's headless build of Chromium (bench/bench-chromium.ts says why); CHROME_PATH=/usr/bin/chromium for the browser.
// Served as members get it: over HTTPS, so HTTP/2 (a throwaway self-signed certificate, made with openssl, which
// this Chromium is told to accept). LIGHTHOUSE_HTTP1=1 measures plain HTTP/1.1 instead, as the first figures were.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { DEMO } from '../server/seed.ts';
import { demoToken } from './demo-login.ts';
import { BENCH_CHROME, chromiumOn } from './bench-chromium.ts';
import { lanternRun } from './lantern-run.ts';
import { lanternFigures } from './lantern-thread-time.ts';
import { buildApp, buildCommit } from './older-build.ts';
import { serveBuild, type ServedBuild } from './serve-build.ts';
import { isNavigationCommit, modelledCpu, modelledDuration, tracehouse } from './lighthouse-trace.ts';
import { benchLine, spread } from './stats.ts';
import { selfSignedCertificate } from './tls.ts';

const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);
const BASELINE_COMMIT = process.env['LIGHTHOUSE_BASELINE'] ?? 'bddcdc9';
const HTTP1 = process.env['LIGHTHOUSE_HTTP1'] === '1';

/** One run's figures beside Lighthouse's score. */
interface Run {
  readonly score: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly kib: number;
  /**
   * Lantern's LCP, TBT and longest task with each task as long as its thread ran (bench/lantern-thread-time.ts): the
   * page's own work without this machine's waits for a core. A lower bound beside Lighthouse's figures, not one of them.
   */
  readonly threadLcpMs: number;
  readonly threadTbtMs: number;
  readonly threadLongestMs: number;
  /** The longest main-thread task, in Lighthouse's model (at the run's slowdown). */
  readonly longestMs: number;
  readonly longestUrl: string;
  /**
   * The longest main-thread task but the navigation's commit (the browser's first task of every page, which the floors
   * measure), in the same model: the recorded task scaled as Lighthouse's simulator scales it (modelledDuration).
   */
  readonly longestAfterCommitMs: number;
  /** What that task did most: its longest child event (Layout, FunctionCall…). */
  readonly longestAfterCommitWhat: string;
  /**
   * The longest task of the run's trace (the navigation's commit included; Lighthouse's longest, whose length it
   * matches) as the time its thread ran on a core, scaled like the task: what the task cost the CPU, without the time
   * the thread waited (for a core of this two-core machine, which the browser's other processes, Lighthouse and the
   * bench's servers share, or for another process).
   */
  readonly longestCpuMs: number;
  /** The same for the longest task but the navigation's commit. */
  readonly longestAfterCommitCpuMs: number;
  /** Script evaluation plus parse and compile on the main thread, in Lighthouse's model. */
  readonly scriptMs: number;
  /**
   * The same events' time on the thread's CPU clock, scaled alike: Lighthouse's figure adds up their wall time, which
   * on this machine is 2-3 times the time the thread ran in them.
   */
  readonly scriptCpuMs: number;
  readonly benchmarkIndex: number;
  /** The run's CPU slowdown in Lighthouse's model. */
  readonly slowdown: number;
}

// SCREENS=/hq,/xq?id=12 measures only those (while iterating); all four by default.
// SCREENS=none measures the floors alone.
const SCREENS = process.env['SCREENS'] === 'none' ? [] : (process.env['SCREENS']?.split(',') ?? ['/', '/hq', '/xq?id=12', '/orderrecord']);
// The targets hold on a machine whose benchmarkIndex is 1,600 or less, at Lighthouse's 4x; this machine measures
// 1,500-2,900, moving with its load. Lighthouse's own way to stand in for a slower machine is a larger CPU slowdown
// in its model: LIGHTHOUSE_MODEL_INDEX=1600 sets each run's slowdown to 4 x the index Lighthouse measured in that run
// / 1,600, so every run models the same machine however busy this one was at the time (its throttling is simulated,
// so the slowdown can be set once the run has measured the index). LIGHTHOUSE_CPU_MULTIPLIER=<x> sets one slowdown
// for every run instead (a fixed 6.75 modelled 1,600 only while the machine measured 2,700). (Capping Chromium in a
// CPU cgroup to reach an index of 1,600 was tried: every process of the browser then shared 0.6 of a core, and TBT
// came out several times what a loaded machine of that index measures.)
const MODEL_INDEX = process.env['LIGHTHOUSE_MODEL_INDEX'] ? Number(process.env['LIGHTHOUSE_MODEL_INDEX']) : null;
const CPU_MULTIPLIER = Number(process.env['LIGHTHOUSE_CPU_MULTIPLIER'] ?? 4);
if (MODEL_INDEX !== null && !(MODEL_INDEX > 0)) throw new Error('LIGHTHOUSE_MODEL_INDEX must be a positive number');
// A modelled machine's figures are named apart from the 4x ones (`npm run bench` prints both).
const modelSuffix = MODEL_INDEX === null ? '' : `-index${MODEL_INDEX}`;
const nameOf = (path: string) => (path === '/' ? 'home' : (/^\/(\w+)/.exec(path)?.[1] ?? path));

const workDir = mkdtempSync(join(tmpdir(), 'candlewick-lighthouse-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));

async function serve(siteDir: string, name: string): Promise<ServedBuild> {
  const tls = HTTP1 ? {} : selfSignedCertificate(workDir);
  return serveBuild(siteDir, join(workDir, `data-${name}`), tls);
}

// The floors: pages of one line of text, served by the same server with the same headers (COOP, CSP). The first has
// no script: its longest task is the browser's own work of a cold navigation (committing it into a fresh renderer and
// creating the document's V8 context), which no page can go below, though it grows with what else the machine does.
// The second loads one module script of one statement, as every page with an app in it does: the least such a page
// pays. The screens' longest tasks read against both.
const FLOORS = [
  { path: '/floor.html', name: 'the floor', what: 'no script', html: '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>floor</title><p>floor</p></html>' },
  {
    path: '/floor-script.html',
    name: 'the floor with a script',
    what: 'one module script',
    html: '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>floor</title><script type="module" src="/floor.js"></script><p>floor</p></html>',
  },
] as const;
const FLOOR_SCRIPT = { path: '/floor.js', code: "document.documentElement.dataset['ran'] = 'yes';\n" };
const FLOOR = !process.env['LIGHTHOUSE_URL'] && process.env['LIGHTHOUSE_FLOOR'] !== '0';

/**
 * LIGHTHOUSE_URL=<url of a running server with the demo member>: measure that as ours instead. The baseline is served
 * over HTTPS (HTTP/2), or HTTP/1.1 with LIGHTHOUSE_HTTP1=1: give the one the running server speaks, like for like.
 */
async function site(): Promise<{ base: string; stop: () => Promise<void> }> {
  const given = process.env['LIGHTHOUSE_URL'];
  if (given) return { base: given, stop: () => Promise.resolve() };
  const dir = buildApp('.', join(workDir, 'site'));
  for (const floor of FLOORS) writeFileSync(join(dir, floor.path.slice(1)), floor.html);
  writeFileSync(join(dir, FLOOR_SCRIPT.path.slice(1)), FLOOR_SCRIPT.code);
  return serve(dir, 'ours');
}

const ours = await site();
/**
 * LIGHTHOUSE_BASELINE_URL=<url of another running server with the demo member>: that is the baseline instead of a
 * commit's build, to measure a change of the server itself (both servers started the same way, over the same protocol).
 */
async function baselineSite(): Promise<{ name: string; base: string; stop: () => Promise<void> } | null> {
  const given = process.env['LIGHTHOUSE_BASELINE_URL'];
  if (given) return { name: `baseline ${given}`, base: given, stop: () => Promise.resolve() };
  if (BASELINE_COMMIT === 'none') return null;
  return { name: `baseline ${BASELINE_COMMIT}`, ...(await serve(buildCommit(BASELINE_COMMIT, workDir, 'baseline'), 'baseline')) };
}
const baseline = await baselineSite();
const sites = baseline ? [{ name: 'ours', ...ours }, baseline] : [{ name: 'ours', ...ours }];

/**
 * A fresh profile that is logged in and has nothing else: one short visit to a file that is not the app (no
 * service worker, no app code) stores the token, then the HTTP cache is cleared. Lighthouse then runs with
 * --disable-storage-reset so it keeps the token (and clears nothing else, there being nothing).
 */
async function loggedInProfile(base: string, token: string): Promise<string> {
  const dir = mkdtempSync(join(workDir, 'profile-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: BENCH_CHROME, headless: true, serviceWorkers: 'block', ignoreHTTPSErrors: true, args: ['--disable-gpu'] });
  const page = await context.newPage();
  await page.goto(new URL('favicon.ico', base).toString());
  await page.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(token)})`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.close();
  return dir;
}

/** Runs the Lighthouse CLI; not spawnSync: the server runs in this process and must keep answering meanwhile. */
function lighthouseCli(args: readonly string[]): Promise<number | null> {
  return new Promise((ok) => {
    const child = spawn('npx', ['--no-install', 'lighthouse', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => ok(code));
  });
}

/** The saved artifacts' parts read here: the index Lighthouse measured in the run, and the run's settings. */
interface Artifacts {
  BenchmarkIndex: number;
  settings: { throttling: { cpuSlowdownMultiplier: number } };
}

const lh = await tracehouse();
interface TraceTask {
  /** Recorded and scaled as Lighthouse's simulator scales it. */
  readonly ms: number;
  /** The time its thread ran (the event's thread time, `tdur`), scaled alike. */
  readonly cpuMs: number;
  /** What it did most: its longest child event (Layout, FunctionCall…). */
  readonly what: string;
}

const SCRIPT_GROUPS = new Set(['scriptEvaluation', 'scriptParseCompile']);

/**
 * From the run's trace, at its slowdown: the longest top-level task on the page's main thread, the longest that is not
 * a navigation's commit, and the CPU time of what Lighthouse counts as script (its mainthread-work-breakdown adds up
 * the self time of every task of those groups; here, each one's thread time less its children's).
 */
async function traceFigures(traceFile: string, slowdown: number): Promise<{ any: TraceTask; afterCommit: TraceTask; scriptCpuMs: number }> {
  const processed = lh.processTrace(JSON.parse(await readFile(traceFile, 'utf8')));
  const tasks = lh.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd, processed.timestamps.timeOrigin);
  const none: TraceTask = { ms: 0, cpuMs: 0, what: '-' };
  let any = none;
  let afterCommit = none;
  let scriptCpu = 0;
  for (const task of tasks) {
    if (SCRIPT_GROUPS.has(task.group.id)) scriptCpu += Math.max(0, (task.event.tdur ?? 0) - task.children.reduce((sum, c) => sum + (c.event.tdur ?? 0), 0));
    if (task.parent !== undefined) continue;
    const ms = modelledDuration(task, slowdown);
    const longest = ms > any.ms;
    const longestAfterCommit = ms > afterCommit.ms && !isNavigationCommit(task);
    if (!longest && !longestAfterCommit) continue;
    const child = [...task.children].sort((a, b) => b.duration - a.duration)[0];
    const read = { ms, cpuMs: modelledCpu(task, slowdown), what: child?.event.name ?? task.event.name };
    if (longest) any = read;
    if (longestAfterCommit) afterCommit = read;
  }
  return { any, afterCommit, scriptCpuMs: (scriptCpu / 1000) * slowdown };
}

/**
 * One run in two steps, since Lighthouse's throttling is simulated (the page loads at full speed, and its model
 * scales what was recorded): gather, then audit the saved artifacts at the run's slowdown, which with
 * LIGHTHOUSE_MODEL_INDEX comes from the index Lighthouse measured in that same run.
 */
async function lighthouse(base: string, path: string, profile: string): Promise<Run> {
  // LIGHTHOUSE_KEEP=<folder>: keep the full reports there to look into.
  const out = join(process.env['LIGHTHOUSE_KEEP'] ?? workDir, `${nameOf(path)}-${Date.now()}.json`);
  const artifactsDir = out.replace(/\.json$/, '-artifacts');
  // The settings both steps share (the audit refuses artifacts gathered with other settings).
  const settings = (slowdown: number) => [
    '--only-categories=performance', '--disable-storage-reset', '--quiet', `--throttling.cpuSlowdownMultiplier=${slowdown}`,
    // LIGHTHOUSE_FLAGS="--save-assets" (with LANTERN_DEBUG=1: Lantern's simulated timelines too), to look into.
    ...(process.env['LIGHTHOUSE_FLAGS']?.split(' ').filter(Boolean) ?? []),
  ];
  const chrome = await chromiumOn(profile);
  const gathered = await lighthouseCli([new URL(path, base).toString(), `--port=${chrome.port}`, `-G=${artifactsDir}`, ...settings(4)]).finally(() => chrome.stop());
  if (gathered !== 0) throw new Error(`lighthouse ${path} failed to gather (${gathered})`);
  const artifactsFile = join(artifactsDir, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as Artifacts;
  const slowdown = MODEL_INDEX === null ? CPU_MULTIPLIER : Math.round((400 * artifacts.BenchmarkIndex) / MODEL_INDEX) / 100;
  // The slowdown only scales the recording in the model, so these artifacts are what a gather at it would have saved.
  artifacts.settings.throttling.cpuSlowdownMultiplier = slowdown;
  writeFileSync(artifactsFile, JSON.stringify(artifacts));
  const status = await lighthouseCli([`-A=${artifactsDir}`, '--output=json', `--output-path=${out}`, ...settings(slowdown)]);
  if (status !== 0) throw new Error(`lighthouse ${path} failed (${status})`);
  const lhr = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number; details?: { items?: readonly Record<string, unknown>[] } }>;
    environment: { benchmarkIndex: number };
    runtimeError?: { message: string };
  };
  if (lhr.runtimeError) throw new Error(`lighthouse ${path}: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  // long-tasks lists the tasks over 50 ms in the simulated model (at the run's slowdown), longest first.
  const longest = items('long-tasks')[0];
  const script = items('mainthread-work-breakdown')
    .filter((item) => SCRIPT_GROUPS.has(String(item['group'])))
    .reduce((sum, item) => sum + Number(item['duration'] ?? 0), 0);
  const traced = await traceFigures(join(artifactsDir, 'defaultPass.trace.json'), slowdown);
  const onThreadTime = await lanternFigures(lanternRun(artifactsDir).data, true);
  return {
    threadLcpMs: onThreadTime.lcpMs,
    threadTbtMs: onThreadTime.tbtMs,
    threadLongestMs: onThreadTime.longestMs,
    score: Math.round(lhr.categories.performance.score * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    kib: value('total-byte-weight') / 1024,
    longestMs: Number(longest?.['duration'] ?? 0),
    longestUrl: String(longest?.['url'] ?? '').replace(/^https?:\/\/[^/]+/, '') || '-',
    scriptMs: script,
    scriptCpuMs: traced.scriptCpuMs,
    longestAfterCommitMs: traced.afterCommit.ms,
    longestAfterCommitWhat: traced.afterCommit.what,
    longestCpuMs: traced.any.cpuMs,
    longestAfterCommitCpuMs: traced.afterCommit.cpuMs,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    slowdown,
  };
}

/**
 * Lighthouse now and then fails to record the trace (NO_NAVSTART): that run is taken again, twice at most, each time
 * on a fresh profile (the failed attempt's has the app in its HTTP cache: a warm run, not a cold one).
 */
async function lighthouseRetrying(base: string, path: string, token: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(base, path, await loggedInProfile(base, token));
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`lighthouse: ${path} failed (${String(error)}), again`);
    }
  }
}

/** A run's longest tasks as its line prints them: Lighthouse's longest, then from the trace the CPU figures. */
const longestOf = (run: Run): string =>
  `longest task ${Math.round(run.longestMs)} ms (${run.longestUrl}; its thread ran ${Math.round(run.longestCpuMs)} ms of it), ` +
  `after the commit ${Math.round(run.longestAfterCommitMs)} ms (${run.longestAfterCommitWhat}; ran ${Math.round(run.longestAfterCommitCpuMs)} ms)`;

/** A run's Lantern figures on thread time, as its line prints them. */
const onThreadTimeOf = (run: Run): string =>
  `on thread time LCP ${Math.round(run.threadLcpMs)} ms, TBT ${Math.round(run.threadTbtMs)} ms, longest task ${Math.round(run.threadLongestMs)} ms`;

/** Runs per site (ours, then the baseline) per screen. */
const results = new Map<string, Map<string, Run[]>>();
try {
  const tokens = new Map<string, string>();
  for (const site of sites) tokens.set(site.name, await demoToken(site.base));
  console.log(`lighthouse: ${SCREENS.length} screens x ${RUNS} run(s) x ${sites.map((x) => x.name).join(' and ')}, mobile profile, cold cache, ${HTTP1 ? 'HTTP/1.1' : 'HTTPS + HTTP/2'}, logged in as ${DEMO.username}; ${BENCH_CHROME} (${execFileSync(BENCH_CHROME, ['--version'], { encoding: 'utf8' }).trim()}); ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}; CPU slowdown ${MODEL_INDEX === null ? `${CPU_MULTIPLIER}x` : `per run, modelling a machine of index ${MODEL_INDEX} at 4x`}`);
  for (const path of SCREENS) {
    for (let i = 0; i < RUNS; i++) {
      // ABBA: which build goes first alternates, so neither always runs on the heels of the other (or of the profile's
      // setup) while the machine's load drifts.
      for (const site of i % 2 === 0 ? sites : [...sites].reverse()) {
        const run = await lighthouseRetrying(site.base, path, tokens.get(site.name) ?? '');
        console.log(
          `lighthouse: ${path} ${site.name} run ${i + 1}: performance ${run.score}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, ` +
            `${longestOf(run)}, script ${Math.round(run.scriptMs)} ms (ran ${Math.round(run.scriptCpuMs)} ms); ${onThreadTimeOf(run)}; benchmarkIndex ${Math.round(run.benchmarkIndex)}, slowdown ${run.slowdown}x, load ${loadavg()[0]?.toFixed(2)}`,
        );
        const bySite = results.get(path) ?? new Map<string, Run[]>();
        bySite.set(site.name, [...(bySite.get(site.name) ?? []), run]);
        results.set(path, bySite);
      }
    }
  }
  if (FLOOR) {
    for (let i = 0; i < RUNS; i++) {
      for (const floor of FLOORS) {
        const run = await lighthouseRetrying(ours.base, floor.path, tokens.get('ours') ?? '');
        console.log(`lighthouse: ${floor.path} (${floor.name}: ${floor.what}) run ${i + 1}: ${longestOf(run)}, TBT ${Math.round(run.tbtMs)} ms; ${onThreadTimeOf(run)}; benchmarkIndex ${Math.round(run.benchmarkIndex)}, slowdown ${run.slowdown}x`);
        const bySite = results.get(floor.path) ?? new Map<string, Run[]>();
        bySite.set(floor.name, [...(bySite.get(floor.name) ?? []), run]);
        results.set(floor.path, bySite);
      }
    }
  }
} finally {
  for (const site of sites) await site.stop();
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (runs: readonly Run[], k: keyof Omit<Run, 'longestUrl' | 'longestAfterCommitWhat'>) => spread(runs.map((r) => r[k])).median;
console.log('\n| screen | build | performance | FCP | LCP | TBT | longest task | its CPU | after the commit | its CPU | script | its CPU | bytes | on thread time: LCP | TBT | longest task | benchmarkIndex (min-max) | slowdown (min-max) |');
for (const [path, bySite] of results) {
  for (const [name, runs] of bySite) {
    const index = spread(runs.map((r) => r.benchmarkIndex));
    const slowdown = spread(runs.map((r) => r.slowdown));
    console.log(
      `| ${path} | ${name} | ${median(runs, 'score')} | ${s(median(runs, 'fcpMs'))} | ${s(median(runs, 'lcpMs'))} | ${Math.round(median(runs, 'tbtMs'))} ms | ` +
        `${Math.round(median(runs, 'longestMs'))} ms | ${Math.round(median(runs, 'longestCpuMs'))} ms | ${Math.round(median(runs, 'longestAfterCommitMs'))} ms | ${Math.round(median(runs, 'longestAfterCommitCpuMs'))} ms | ${Math.round(median(runs, 'scriptMs'))} ms | ${Math.round(median(runs, 'scriptCpuMs'))} ms | ${Math.round(median(runs, 'kib'))} KiB | ${s(median(runs, 'threadLcpMs'))} | ${Math.round(median(runs, 'threadTbtMs'))} ms | ${Math.round(median(runs, 'threadLongestMs'))} ms | ${Math.round(index.min)}-${Math.round(index.max)} | ${slowdown.min}-${slowdown.max}x |`,
    );
  }
}
console.log(`medians of ${RUNS} run(s); targets: performance >= 95, LCP <= 1.8 s, TBT <= 150 ms, no task over 150 ms, script time at most half the baseline's, on a machine with benchmarkIndex <= 1,600 (the thread-time columns are a lower bound beside them, not the targets' figures: bench/lantern-thread-time.ts); load ${loadavg()[0]?.toFixed(2)}`);
for (const [path, bySite] of results) {
  const mine = bySite.get('ours') ?? [];
  const theirs = baseline ? bySite.get(sites[1]?.name ?? '') : undefined;
  // No baseline measured in this run (LIGHTHOUSE_BASELINE=none): no BENCH line.
  if (!theirs) continue;
  console.log(benchLine(`lighthouse-script-${nameOf(path)}${modelSuffix}`, median(mine, 'scriptMs'), median(theirs, 'scriptMs'), 'ms'));
  // The same in CPU time: what the script cost, without the waits of this two-core machine (the target is the line above).
  console.log(benchLine(`lighthouse-script-cpu-${nameOf(path)}${modelSuffix}`, median(mine, 'scriptCpuMs'), median(theirs, 'scriptCpuMs'), 'ms'));
  // Lighthouse's TBT is often 0 ms: 1 ms, its resolution, stands in for ours so the ratio stays finite.
  console.log(benchLine(`lighthouse-tbt-${nameOf(path)}${modelSuffix}`, Math.max(1, median(mine, 'tbtMs')), median(theirs, 'tbtMs'), 'ms'));
  console.log(benchLine(`lighthouse-${nameOf(path)}${modelSuffix}`, median(mine, 'lcpMs'), median(theirs, 'lcpMs'), 'ms'));
}
