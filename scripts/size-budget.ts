/**
 * The first-load budget: the JavaScript + CSS that `/` loads at once must stay within 110 KB brotli. "At once" is
 * what dist/index.html references plus the entry chunk's static imports (Vite manifest), plus the default
 * language's pack (only the member's language loads, preloaded by the boot script); lazy route chunks are not counted. Sizes are the build's .br copies (or brotli computed here when a copy is missing).
 * Usage: tsx scripts/size-budget.ts [distDir]   (after `vite build`; `npm test` runs it in its size section)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { DEFAULT_LANG } from './boot-plugin.ts';
import { COMPILE_HINT } from './compile-hints.ts';
import { entryFiles, packFiles, screenFiles } from './entry-graph.ts';
import { EVERY_SCREEN_LATER, FIRST_SCREENS, TAB_SCREENS } from './first-screens.ts';

// The budget is 110 KB; SIZE_BUDGET_KB overrides it (to try a change's cost, never in npm test).
const BUDGET_BYTES = Number(process.env['SIZE_BUDGET_KB'] ?? 110) * 1024;
const dist = process.argv[2] ?? 'dist';

function brotliSize(file: string): number {
  const copy = `${file}.br`;
  if (existsSync(copy)) return readFileSync(copy).length;
  return brotliCompressSync(readFileSync(file), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows = [...entryFiles(dist), ...packFiles(dist, DEFAULT_LANG)].map((f) => ({ file: f, raw: readFileSync(join(dist, f)).length, br: brotliSize(join(dist, f)) }));
const total = rows.reduce((s, r) => s + r.br, 0);
const raw = rows.reduce((s, r) => s + r.raw, 0);
for (const r of rows.sort((a, b) => b.br - a.br)) console.log(`  ${kb(r.br).padStart(9)} br  ${kb(r.raw).padStart(9)} raw  ${r.file}`);
console.log(`size: / loads ${rows.length} JS + CSS files at once: ${kb(total)} brotli (${kb(raw)} raw); budget ${kb(BUDGET_BYTES)}`);
let failed = false;
if (total > BUDGET_BYTES) {
  console.error(`size: over budget by ${kb(total - BUDGET_BYTES)}`);
  failed = true;
}

// The chart library (lightweight-charts: its attribution element id marks it) stays in the chart screen's code.
const CHART_MARK = 'tv-attr-logo';
const hasChart = (files: readonly string[]) => files.filter((f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes(CHART_MARK));
// The chart screen loads it beside itself (a dynamic import in useCandleChart), from this module's chunk.
const chartScreen = 'src/charts/candle-chart.ts';
let chartElsewhere = false;
if (hasChart(screenFiles(dist, chartScreen)).length === 0) {
  console.error(`size: the chart library was not found in ${chartScreen}'s chunks; the check below would prove nothing`);
  failed = true;
}
for (const [path, files] of [
  ['/ (entry)', entryFiles(dist)],
  ['/', screenFiles(dist, 'src/app/screens/home/HomeScreen.tsx')],
  ['/hq', screenFiles(dist, 'src/app/screens/markets/MarketScreen.tsx')],
  ['/orderrecord', screenFiles(dist, 'src/app/screens/orders/OrderRecordScreen.tsx')],
] as const) {
  const found = hasChart(files);
  if (found.length > 0) {
    console.error(`size: the chart library loads on ${path}: ${found.join(', ')}`);
    chartElsewhere = true;
  }
}
if (chartElsewhere) failed = true;
else console.log(`size: the chart library loads only with ${chartScreen} (not on /, /hq, /orderrecord)`);

/** Fails the check when one of `screens` loads a chunk named `name` (or when there is no such chunk to check). */
function loadsNone(name: string, screens: readonly string[], whose: string, what: string): void {
  const chunks = readdirSync(join(dist, 'assets')).filter((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f));
  const loading = screens.filter((screen) => screenFiles(dist, screen).some((f) => chunks.includes(f.replace(/^assets\//, ''))));
  if (chunks.length === 0 || loading.length > 0) {
    console.error(`size: ${chunks.length === 0 ? `no ${name} chunk: the check of ${whose} would prove nothing` : `the ${name} chunk loads with ${loading.join(', ')}`}`);
    failed = true;
  } else console.log(`size: ${whose} load none of what ${what} (${chunks.join(', ')})`);
}
// What only the other screens share (form fields, money forms: the `account` chunk) is no part of a first screen's
// load, and what only /xq and /orderrecord share (the order list, its countdowns: `trading`) none of / and /hq's,
// nor of what the layout loads on every path once the page has settled (the result toast).
loadsNone('account', FIRST_SCREENS, `the ${FIRST_SCREENS.length} first screens`, 'only the other screens share');
loadsNone('trading', [...TAB_SCREENS, ...EVERY_SCREEN_LATER], 'the tab screens (/, /hq) and the result toast', 'only /xq and /orderrecord share');

// What the first screens run as they load carries V8's compile hint (scripts/compile-hints.ts), and the forms'
// library, which they do not load, does not: a build step that moved or dropped the hint fails here.
const startsWithHint = (file: string) => readFileSync(join(dist, file), 'utf8').startsWith(COMPILE_HINT);
const firstScreens = [
  ...entryFiles(dist),
  ...FIRST_SCREENS.flatMap((screen) => screenFiles(dist, screen)),
  ...screenFiles(dist, chartScreen),
].filter((f) => f.endsWith('.js') && !/^assets\/boot-/.test(f));
const unhinted = [...new Set(firstScreens)].filter((f) => !startsWithHint(f));
// The forms' library (zod) and their schemas are two chunks (a late form evaluates them in two tasks); neither has it.
const formChunks = ['forms', 'zod'].map((name) => [name, readdirSync(join(dist, 'assets')).filter((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f))] as const);
const absent = formChunks.filter(([, files]) => files.length === 0).map(([name]) => name);
const hinted = formChunks.flatMap(([, files]) => files).filter((f) => startsWithHint(join('assets', f)));
if (unhinted.length > 0 || absent.length > 0 || hinted.length > 0) {
  console.error(`size: compile hints are wrong: ${unhinted.length > 0 ? `missing on ${unhinted.join(', ')}` : absent.length > 0 ? `no ${absent.join(', ')} chunk to check` : `${hinted.join(', ')} has one`}`);
  failed = true;
} else console.log(`size: the ${new Set(firstScreens).size} scripts the first screens run carry the compile hint; the forms and zod chunks do not`);

// Every file the boot script preloads (language packs, each path's screen files) was written: a name that is not
// would come back as index.html.
const boot = readdirSync(join(dist, 'assets')).find((f) => /^boot-.*\.js$/.test(f));
const bootText = boot ? readFileSync(join(dist, 'assets', boot), 'utf8') : '';
const named = [...new Set(bootText.match(/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
const missing = named.filter((f) => !existsSync(join(dist, f)));
if (!boot || !/\/ProductDetailScreen-[\w-]+\.js/.test(bootText) || !bootText.includes('"/xq":[') || missing.length > 0) {
  console.error(`size: the boot script's preloads name files the build did not write: ${boot ? missing.join(', ') || 'no screen files for /xq' : 'no boot script'}`);
  failed = true;
} else console.log(`size: the ${named.length} files the boot script preloads all exist`);
// index.html runs it first: a build that leaves the mark in place paints the shell in the wrong theme and shape.
const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
if (!boot || !indexHtml.includes(`<script src="/assets/${boot}"></script>`) || indexHtml.includes('<!--boot-->')) {
  console.error('size: index.html does not run the boot script');
  failed = true;
} else console.log('size: index.html runs the boot script first');
if (failed) process.exit(1);
