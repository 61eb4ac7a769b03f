// A tool to weigh the navigation's commit, not a benchmark (it prints no BENCH line): the first task of a cold load
// (Blink committing the navigation into a fresh renderer), its wall time and the time its thread ran, with no DevTools
// session on the page, as a member's browser has it, and with the session Lighthouse opens. Each load is a fresh
// Chromium that opens about:blank, traced from a browser-level DevTools session (which enables nothing in the page):
//   page:       the browser opens the screen in a new tab; no session ever attaches to it;
//   lighthouse: a session on the about:blank tab, set up as Lighthouse's gathering sets it up (Page, Runtime, Network,
//               Debugger and Log enabled, the mobile profile's emulation, a script in an isolated world, auto-attach,
//               the bench's Chromium flags), then navigates it to the screen.
// Both trace Lighthouse's categories. SITE=<built folder> (default dist: build it first), PATHS=/hq,/ (default all four
// screens), RUNS=5 loads per path and way, taking turns. Logged out: the commit comes before any of the page's script.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import Trace from 'lighthouse/core/gather/gatherers/trace.js';
import WebSocket from 'ws';
import { chromiumOn } from './bench-chromium.ts';
import { serveBuild } from './serve-build.ts';
import { spread } from './stats.ts';
import { selfSignedCertificate } from './tls.ts';

const SITE = process.env['SITE'] ?? 'dist';
const PATHS = (process.env['PATHS'] ?? '/,/hq,/xq?id=12,/orderrecord').split(',');
const RUNS = Number(process.env['RUNS'] ?? 5);
// Lighthouse's own trace categories (its list opens with '-*', "none but these", which a category filter says alone).
const CATEGORIES = Trace.getDefaultTraceCategories().filter((c) => !c.startsWith('-'));
const { width, height, deviceScaleFactor, mobile } = screenEmulationMetrics.mobile;
type Way = 'page' | 'lighthouse';
// The browsers' profiles and the server's data, removed at exit (a browser's helpers may still write to its profile a
// moment after it has exited).
const workDir = mkdtempSync(join(tmpdir(), 'commit-trace-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly data?: { readonly documentLoaderURL?: string } };
}
interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** A minimal DevTools protocol client over the browser's WebSocket (flattened sessions). */
async function devtools(url: string) {
  const socket = new WebSocket(url);
  await new Promise((ok, fail) => socket.once('open', ok).once('error', fail));
  let lastId = 0;
  const answers = new Map<number, (m: Message) => void>();
  const waiters: ((m: Message) => boolean)[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as Message;
    if (message.id !== undefined) answers.get(message.id)?.(message);
    else for (const waiter of [...waiters]) if (waiter(message)) waiters.splice(waiters.indexOf(waiter), 1);
  });
  return {
    send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
      const id = ++lastId;
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      return new Promise((ok) => answers.set(id, (m) => ok(m.result ?? {})));
    },
    event(method: string): Promise<Record<string, unknown>> {
      return new Promise((ok) => waiters.push((m) => (m.method === method ? (ok(m.params ?? {}), true) : false)));
    },
    close: () => socket.close(),
  };
}

/** One cold load of `url` the given way: the commit task's wall time and the time its thread ran, in ms. */
async function load(url: string, way: Way): Promise<{ wall: number; cpu: number }> {
  const chrome = await chromiumOn(mkdtempSync(join(workDir, 'profile-')));
  const cdp = await devtools(chrome.ws);
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] };
    const blank = targetInfos.find((t) => t.type === 'page');
    if (!blank) throw new Error('no about:blank tab');
    // Let the browser's start settle (Lighthouse too opens its page a while after the launch).
    await sleep(1500);
    await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' } });
    if (way === 'page') {
      await cdp.send('Target.createTarget', { url });
    } else {
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: blank.targetId, flatten: true })) as { sessionId: string };
      for (const domain of ['Page', 'Runtime', 'Network', 'Debugger', 'Log']) await cdp.send(`${domain}.enable`, {}, sessionId);
      await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile, screenWidth: width, screenHeight: height }, sessionId);
      await cdp.send('Emulation.setUserAgentOverride', { userAgent: userAgents.mobile }, sessionId);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 }, sessionId);
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: 'void 0;', worldName: 'isolated' }, sessionId);
      await cdp.send('Target.setAutoAttach', { autoAttach: true, flatten: true, waitForDebuggerOnStart: true }, sessionId);
      await cdp.send('Page.navigate', { url }, sessionId);
    }
    // No event tells a session-less tab's commit task has ended (the tab's title changes only to its URL, from the
    // commit's message, while the task still runs): three seconds hold it here, and a trace without it fails the load.
    await sleep(3000);
    const complete = cdp.event('Tracing.tracingComplete');
    await cdp.send('Tracing.end');
    const { stream } = (await complete) as { stream: string };
    let text = '';
    for (;;) {
      const chunk = (await cdp.send('IO.read', { handle: stream, size: 1 << 20 })) as { data: string; eof: boolean; base64Encoded?: boolean };
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      if (chunk.eof) break;
    }
    return commitTask((JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents, url);
  } finally {
    cdp.close();
    await chrome.stop();
  }
}

/**
 * The task that committed the screen's document: on the renderer of the navigation to `url`, the task holding a
 * `DocumentLoader::CommitNavigation` in which the document's window was set up (`LocalWindowProxy::Initialize`; the
 * renderer's first, empty document commits without one), else the last commit.
 */
function commitTask(events: readonly TraceEvent[], url: string): { wall: number; cpu: number } {
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!start) throw new Error(`no navigation to ${url} in the trace`);
  const onMain = events.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X');
  const within = (outer: TraceEvent, inner: TraceEvent) => outer.ts <= inner.ts && inner.ts + (inner.dur ?? 0) <= outer.ts + (outer.dur ?? 0);
  const named = (name: string) => onMain.filter((e) => e.name === name);
  const navigations = named('DocumentLoader::CommitNavigation');
  const windows = named('LocalWindowProxy::Initialize');
  const commits = named('RunTask')
    .filter((t) => navigations.some((e) => within(t, e)))
    .sort((a, b) => a.ts - b.ts);
  // With no session on the page and nothing in the answer that needs a script context (a modulepreload in its Link
  // header does), Blink sets up the window's context later, at the first script: the screen's commit is the last one.
  const task = commits.find((t) => windows.some((e) => within(t, e))) ?? commits.at(-1);
  if (!task?.dur || task.tdur === undefined) throw new Error(`no finished commit of ${url}'s document in the trace`);
  return { wall: task.dur / 1000, cpu: task.tdur / 1000 };
}

const site = await serveBuild(SITE, join(workDir, 'data'), selfSignedCertificate(workDir));
try {
  console.log(`commit-trace: ${PATHS.join(', ')} x ${RUNS} cold loads per way, a fresh Chromium each; wall and thread time of the commit task`);
  for (const path of PATHS) {
    const url = new URL(path, site.base).toString();
    const byWay: Record<Way, { wall: number[]; cpu: number[] }> = { page: { wall: [], cpu: [] }, lighthouse: { wall: [], cpu: [] } };
    for (let i = 0; i < RUNS; i++) {
      for (const way of (i % 2 === 0 ? ['page', 'lighthouse'] : ['lighthouse', 'page']) as Way[]) {
        const task = await load(url, way);
        byWay[way].wall.push(task.wall);
        byWay[way].cpu.push(task.cpu);
        console.log(`commit-trace: ${path} ${way} run ${i + 1}: ${task.wall.toFixed(1)} ms, its thread ran ${task.cpu.toFixed(1)} ms`);
      }
    }
    for (const way of ['page', 'lighthouse'] as const) {
      const wall = spread(byWay[way].wall);
      const cpu = spread(byWay[way].cpu);
      console.log(`commit-trace: ${path} ${way === 'page' ? 'no DevTools session' : "Lighthouse's session"}: median ${wall.median.toFixed(1)} ms (${wall.min.toFixed(1)}-${wall.max.toFixed(1)}), ran ${cpu.median.toFixed(1)} ms (${cpu.min.toFixed(1)}-${cpu.max.toFixed(1)})`);
    }
  }
} finally {
  await site.stop();
}
