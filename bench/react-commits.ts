// React's work on a cold first screen, counted rather than timed: how many commits React made and how many
// component renders it ran in the first REACT_WINDOW ms (3 s) of a cold, logged-in load of /, /hq, /xq?id=12 and
// /orderrecord, ours beside the build of git commit REACT_BASELINE (default 363be85) in the same run, taking turns.
// Counts do not move with the machine's load as times do; each render is script on a phone's main thread.
// A hook React DevTools would use (__REACT_DEVTOOLS_GLOBAL_HOOK__, which React's production build calls after every
// commit) walks the committed tree: a component fiber that is new since the last commit rendered, and an empty commit
// is one in which no component's output changed (React ran a component that then bailed out).
// Ends with one BENCH line per screen (component renders) and one for all four together.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/start.ts';
import { coldMemberPage } from './demo-login.ts';
import { buildApp, buildCommit } from './older-build.ts';
import { benchLine, spread } from './stats.ts';
import { selfSignedCertificate } from './tls.ts';

const RUNS = Number(process.env['REACT_RUNS'] ?? 5);
const WINDOW_MS = Number(process.env['REACT_WINDOW'] ?? 3000);
const BASELINE = process.env['REACT_BASELINE'] ?? '363be85';
const SCREENS = (process.env['SCREENS'] ?? '/,/hq,/xq?id=12,/orderrecord').split(',');

interface Count {
  readonly commits: number;
  readonly renders: number;
  readonly empty: number;
}

// Runs in the page before React: counts per commit, kept on window for the bench to read.
const COUNTER = `
(() => {
  const counts = { commits: 0, renders: 0, empty: 0 };
  let seen = new WeakSet();
  window.__reactCounts = counts;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject: () => 1, checkDCE: () => {}, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {}, setStrictMode: () => {},
    onCommitFiberRoot: (_id, root) => {
      const next = new WeakSet();
      let rendered = 0, changed = 0;
      const stack = [root.current.child];
      while (stack.length > 0) {
        const fiber = stack.pop();
        if (!fiber) continue;
        next.add(fiber);
        stack.push(fiber.child, fiber.sibling);
        // A fiber React did not visit is the same object as in the last commit.
        if (seen.has(fiber) || fiber.type === null || (typeof fiber.type !== 'function' && typeof fiber.type !== 'object')) continue;
        // PerformedWork (1): the component ran and its output went on; else it ran and bailed out, if its hooks are new.
        if (fiber.flags & 1) { rendered++; changed++; }
        else if (fiber.alternate && fiber.memoizedState !== fiber.alternate.memoizedState) rendered++;
      }
      seen = next;
      counts.commits++;
      counts.renders += rendered;
      if (changed === 0) counts.empty++;
    },
  };
})();`;

const work = mkdtempSync(join(tmpdir(), 'candlewick-react-commits-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

async function serve(siteDir: string, name: string) {
  const running = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', ACCESS_LOG: 'false', DEMO: 'true', DATA_DIR: join(work, `data-${name}`), STATIC_DIR: siteDir, ...selfSignedCertificate(work) }),
  );
  return { name, base: running.url.replace('localhost', '127.0.0.1'), stop: () => running.stop() };
}

async function countLoad(base: string, path: string): Promise<Count> {
  const { browser, context, page } = await coldMemberPage(base);
  try {
    await context.addInitScript(COUNTER);
    await page.goto(new URL(path, base).toString());
    // The window starts at the navigation, so each build gets the same span of live ticks.
    await page.waitForFunction((ms) => performance.now() >= ms, WINDOW_MS, { polling: 100 });
    const counts = await page.evaluate(() => (globalThis as unknown as { __reactCounts?: Count }).__reactCounts);
    if (!counts || counts.commits === 0) throw new Error(`no React commit seen on ${path}: the hook did not take`);
    return counts;
  } finally {
    await browser.close();
  }
}

const builds = [
  await serve(buildApp('.', join(work, 'ours')), 'ours'),
  await serve(buildCommit(BASELINE, work, 'baseline'), `baseline ${BASELINE}`),
];
const results = new Map<string, Count[]>();
for (let run = 0; run < RUNS; run++) {
  for (const path of SCREENS) {
    for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
      const count = await countLoad(build.base, path);
      console.log(`${path} ${build.name} run ${run + 1}: ${count.commits} commits, ${count.renders} component renders, ${count.empty} empty commits`);
      const key = `${path} ${build.name}`;
      results.set(key, [...(results.get(key) ?? []), count]);
    }
  }
}
for (const build of builds) await build.stop();

const median = (path: string, build: string, field: keyof Count): number => spread((results.get(`${path} ${build}`) ?? []).map((c) => c[field])).median;
console.log(`\n| screen | build | commits | component renders | empty commits |`);
console.log('|---|---|---|---|---|');
for (const path of SCREENS) {
  for (const build of builds) {
    console.log(`| \`${path}\` | ${build.name} | ${median(path, build.name, 'commits')} | ${median(path, build.name, 'renders')} | ${median(path, build.name, 'empty')} |`);
  }
}
console.log(`medians of ${RUNS} cold loads per screen and build, the first ${WINDOW_MS} ms of each`);
const [ours, baseline] = builds.map((b) => b.name) as [string, string];
let oursAll = 0;
let baselineAll = 0;
for (const path of SCREENS) {
  const name = path.replace(/^\//, '').replace(/\?.*$/, '') || 'home';
  oursAll += median(path, ours, 'renders');
  baselineAll += median(path, baseline, 'renders');
  console.log(benchLine(`react-renders-${name}`, median(path, ours, 'renders'), median(path, baseline, 'renders'), 'renders'));
}
console.log(benchLine('react-renders-first-screens', oursAll, baselineAll, 'renders'));
process.exit(0);
