import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { api } from '../src/contract/api.ts';
import { BATCHABLE_PATHS } from '../src/contract/batch.ts';
import { withoutPreloadDeps } from './preload-deps.ts';

/** The market worker's warm start, which the entry imports dynamically on the paths in its WARM_START_PATHS. */
const WARM_START_MODULE = /[\\/]src[\\/]app[\\/]market[\\/]warmStart\.ts$/;


/** React DOM's client entry, which src/app/main.tsx imports dynamically. */
const REACT_DOM_CLIENT = /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/;

/** The language a visitor with nothing stored gets (src/app/i18n/languages.ts). */
export const DEFAULT_LANG = 'en';

/**
 * The calls the first screen waits for, started by the boot script while the JavaScript loads (the API client takes
 * the answers: src/app/api/earlyAnswers.ts). common/config comes before every screen (spec 2); the member's own
 * reads go only with a stored token. All in one common/batch request, each with the body the client would send.
 */
const EARLY_CALLS = {
  everyPath: ['common/config'],
  byPath: {
    '/': ['user/details', 'user/balance_list', 'common/notice'],
    '/my': ['user/details', 'user/balance_list'],
  } as Readonly<Record<string, readonly string[]>>,
  /** With the product of the path's `?id=` (src/app/screens/chart/useProductId.ts) as the body `{ id }`. */
  byProductPath: { '/xq': ['product/details'], '/trade': ['product/details'] } as Readonly<Record<string, readonly string[]>>,
};
const earlyPaths = [...new Set([...EARLY_CALLS.everyPath, ...Object.values(EARLY_CALLS.byPath).flat(), ...Object.values(EARLY_CALLS.byProductPath).flat()])];
/** Whether a call needs a session, from the contract; the build stops on one common/batch may not carry. */
function needsSession(path: string): boolean {
  const endpoint = (api as Readonly<Record<string, { readonly auth: boolean } | undefined>>)[path];
  if (!endpoint) throw new Error(`boot-plugin: ${path} is not a path of the contract`);
  if (!(BATCHABLE_PATHS as readonly string[]).includes(path)) throw new Error(`boot-plugin: ${path} is not one of common/batch's reads (src/contract/batch.ts)`);
  return endpoint.auth;
}
const EARLY_PUBLIC = earlyPaths.filter((p) => !needsSession(p));

/** key -> module path of every lazy screen, read from the app's screen table (one line per screen). */
function lazyScreenModules(root: string): Map<string, string> {
  const text = readFileSync(resolve(root, 'src/app/wiring/lazyScreens.ts'), 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^\s*(\w+): screen\(\(\) => import\('\.\.\/(screens\/[^']+)'\)/gm)) {
    if (m[1] && m[2]) out.set(m[1], resolve(root, 'src/app', m[2]));
  }
  if (out.size < 10) throw new Error('boot-plugin: could not read the screens from src/app/wiring/lazyScreens.ts');
  return out;
}

/** The paths whose market worker the entry starts at once (WARM_START_PATHS in src/app/main.tsx). */
function warmStartPaths(root: string): string[] {
  const list = /WARM_START_PATHS[^=]*=\s*\[([^\]]*)\]/.exec(readFileSync(resolve(root, 'src/app/main.tsx'), 'utf8'))?.[1];
  if (!list) throw new Error('boot-plugin: could not read WARM_START_PATHS from src/app/main.tsx');
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
}

function tabPaths(root: string): string[] {
  const text = readFileSync(resolve(root, 'src/app/router/screens.ts'), 'utf8');
  const list = /tabScreens[^=]*=\s*\[([^\]]*)\]/.exec(text)?.[1];
  if (!list) throw new Error('boot-plugin: could not read tabScreens from src/app/router/screens.ts');
  return [...list.matchAll(/'(\w+)'/g)].map((m) => (m[1] === 'home' ? '/' : `/${m[1] ?? ''}`));
}

/**
 * The boot script, run before the first paint as a classic script (the CSP allows no inline script):
 * 1. applies the member's stored theme ("theme" in localStorage, else the phone's setting), so the inline shell
 *    in index.html and the app's CSS start in the right colours;
 * 2. says whether this path has the tab bar (data-shell), so the shell has the right shape;
 * 3. in a task of its own, starts loading the member's language pack ("lang" in localStorage, else English: only
 *    that one loads);
 * 4. in a task of its own, preloads this path's screen files (its stylesheets, then its scripts);
 * 5. asks for the first screen's data in one request (common/batch), in a task of its own: each fetch() costs a few
 *    ms on a slow phone, and one request is one radio wake-up on slow mobile data, not four.
 * The screen files are not in a Link header of index.html: the browser starts those as the answer's headers arrive,
 * during the navigation's commit, and on a 2-core phone the network service and the server's answers then take the
 * cores the page's first task waits for (DEVELOPERS.md, "the navigation's commit"). Started here, after the parser's
 * first chunk, they are one round trip later, while the first screen is still waiting for its larger shared code.
 */
function bootSource(tabs: string[], packs: Record<string, string[]>, screens: ScreenTable, apiBase: string): string {
  return `(function () {
  var root = document.documentElement;
  var stored = null;
  try { stored = localStorage.getItem('theme'); } catch (e) { /* storage blocked: follow the phone */ }
  var light = stored === 'light' || (stored !== 'dark' && window.matchMedia('(prefers-color-scheme: light)').matches);
  root.setAttribute('data-theme', light ? 'light' : 'dark');
  root.style.colorScheme = light ? 'light' : 'dark';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', light ? '#f4f6f9' : '#0f141a');
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  var isTab = ${JSON.stringify(tabs)}.indexOf(path) >= 0;
  root.setAttribute('data-shell', isTab ? 'tabs' : 'page');
  var head = document.head;
  // A script as a modulepreload, a stylesheet as a preload; with crossorigin, as Vite's loader inserts both: a
  // preload in another credentials mode goes unused.
  function preload(href) {
    var link = document.createElement('link');
    var css = /\\.css$/.test(href);
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.as = 'style';
    link.crossOrigin = '';
    link.href = '/' + href;
    head.appendChild(link);
  }
  var packs = ${JSON.stringify(packs)};
  var lang = null;
  try { lang = localStorage.getItem('lang'); } catch (e) { /* storage blocked: the default language */ }
  // After the parser's first chunk: inserting a preload costs a few ms on a slow phone, in the task before the paint.
  setTimeout(function () { (packs[lang] || packs[${JSON.stringify(DEFAULT_LANG)}] || []).forEach(preload); }, 0);
  var files = ${JSON.stringify(screens.files)};
  var screens = ${JSON.stringify(screens.byPath)};
  setTimeout(function () {
    (screens[path] || screens['*'] || []).forEach(function (i) { preload(files[i]); });
  }, 0);
  // The first screen's data, in parallel with its code, in one request (common/batch: each call answered as on its
  // own). Sent with the API client's session and language, so the client can take each answer as its own; one it
  // cannot use, or a batch that failed, is asked again.
  var token = '';
  try { token = localStorage.getItem('accessToken') || ''; } catch (e) { /* storage blocked: no session */ }
  var apiLang = packs[lang] ? lang : ${JSON.stringify(DEFAULT_LANG)};
  var early = {};
  function askAll(calls) {
    var at = performance.now();
    var answers = fetch(${JSON.stringify(`${apiBase.replace(/\/+$/, '')}/common/batch`)}, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': apiLang, Authorization: token },
      body: JSON.stringify({ calls: calls })
    }).then(function (response) {
      if (!response.ok) throw new Error('common/batch ' + response.status);
      return response.json();
    }).then(function (json) { return json.data.answers; });
    calls.forEach(function (call, i) {
      var record = { token: token, lang: apiLang, body: JSON.stringify(call.body), at: at, answer: null, settled: null };
      record.answer = answers.then(function (all) {
        var one = all[i];
        // Kept as it came too: a screen that renders after it arrived shows it in its first render.
        record.settled = one;
        return { ok: one.status >= 200 && one.status < 300, json: function () { return Promise.resolve(one.body); } };
      });
      // Never taken (another path was asked for, say) and failed: not an unhandled rejection.
      record.answer.catch(function () {});
      early[call.path] = record;
    });
  }
  if (window.fetch) {
    var sendable = function (apiPath) { return token || ${JSON.stringify(EARLY_PUBLIC)}.indexOf(apiPath) >= 0; };
    var calls = [];
    var add = function (apiPath, body) { if (sendable(apiPath)) calls.push({ path: apiPath, body: body }); };
    ${JSON.stringify(EARLY_CALLS.everyPath)}.concat(${JSON.stringify(EARLY_CALLS.byPath)}[path] || []).forEach(function (apiPath) { add(apiPath, {}); });
    var id = Number(new URLSearchParams(location.search).get('id'));
    if (id > 0 && id % 1 === 0) {
      (${JSON.stringify(EARLY_CALLS.byProductPath)}[path] || []).forEach(function (apiPath) { add(apiPath, { id: id }); });
    }
    // In a task of its own, after the parser's first chunk, as the language pack's preload.
    if (calls.length) setTimeout(function () { askAll(calls); }, 0);
    window.__candlewickEarly = early;
  }
})();
`;
}

/** Each path's screen files beyond what the entry loads (stylesheets first), with each file named once. */
export interface ScreenTable {
  readonly files: readonly string[];
  /** Path -> indexes into files; '*' for any other path. */
  readonly byPath: Readonly<Record<string, readonly number[]>>;
}

/** A screen's files beyond what the entry loads, relative to the site's root. */
interface ScreenFiles {
  readonly js: readonly string[];
  readonly css: readonly string[];
}

export function screenTable(routes: Readonly<Record<string, ScreenFiles>>): ScreenTable {
  const files: string[] = [];
  const indexOf = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const byPath: Record<string, number[]> = {};
  for (const [path, { js, css }] of Object.entries(routes)) byPath[path] = [...css, ...js].map(indexOf);
  return { files, byPath };
}

const STYLESHEET_LINK = /\s*<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g;

/** The stylesheets index.html links, which withBoot puts inline (file names relative to the site's root). */
const linkedStylesheets = (html: string): Set<string> => new Set([...html.matchAll(STYLESHEET_LINK)].flatMap((m) => (m[1] ? [m[1]] : [])));

/**
 * Puts the boot script first in index.html's head, and inlines the entry's stylesheet (a few KB): one
 * render-blocking request fewer on a slow connection. The server allows every inline <style> of index.html by its
 * hash, so this one too.
 */
function withBoot(html: string, bootFile: string, bundle: Rollup.OutputBundle): string {
  let out = html;
  const inline: string[] = [];
  for (const m of html.matchAll(STYLESHEET_LINK)) {
    const asset = bundle[m[1] ?? ''];
    if (asset?.type !== 'asset' || typeof asset.source !== 'string') continue;
    inline.push(`<style>${asset.source.trim()}</style>`);
    out = out.replace(m[0], '');
  }
  return out.replace('<!--boot-->', `<script src="/${bootFile}"></script>${inline.join('')}`);
}

/**
 * Emits assets/boot-[hash].js (see bootSource) and puts it first in index.html's head, and inlines the entry's
 * stylesheet there, so nothing render-blocking is queued behind the JavaScript on a slow connection.
 */
export function bootPlugin(): Plugin {
  let root = process.cwd();
  let apiBase = '/api';
  return {
    name: 'candlewick:boot',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      // The same base the app's client uses (src/app/config/env.ts).
      apiBase = config.env['VITE_API_BASE'] || '/api';
    },
    generateBundle: {
      // After Vite's own: it drops chunks that hold only CSS (moving their stylesheets onto the importers), and a
      // list made before would name files that are never written.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        // What the entry loads at once is already in index.html: leave it out of the per-screen lists.
        const atOnce = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep, into);
        };
        walk(entry.fileName, atOnce);
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') throw new Error('boot-plugin: no index.html');
        // index.html carries these inline (withBoot): no screen preloads or links them again.
        const inlined = linkedStylesheets(html.source);
        for (const chunk of chunks) chunk.code = withoutPreloadDeps(chunk.code, inlined);
        const cssOf = (js: Iterable<string>) =>
          [...new Set([...js].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))].filter((css) => !inlined.has(css));
        // A stylesheet of what the entry imports statically that index.html does not carry: preloaded on every path,
        // it is not discovered late by the first screen.
        const baseCss = cssOf(atOnce);
        const warm = chunks.find((c) => WARM_START_MODULE.test(c.facadeModuleId ?? ''));
        const warmFiles = new Set<string>();
        if (warm) walk(warm.fileName, warmFiles);
        const warmPaths = warmStartPaths(root);
        const routes: Record<string, ScreenFiles> = {};
        for (const [key, modulePath] of lazyScreenModules(root)) {
          const chunk = chunks.find((c) => c.facadeModuleId === modulePath);
          if (!chunk) continue;
          const files = new Set<string>();
          walk(chunk.fileName, files);
          const path = key === 'home' ? '/' : `/${key}`;
          if (warmPaths.includes(path)) for (const f of warmFiles) files.add(f);
          const js = [...files].filter((f) => !atOnce.has(f));
          routes[path] = { js, css: [...new Set([...baseCss, ...cssOf(js)])] };
        }
        // Any other path (a screen that says "not found"): the base stylesheet only.
        routes['*'] = { js: [], css: baseCss };
        const packs: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const lang = /[\\/]locales[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '')?.[1];
          if (!lang) continue;
          const files = new Set<string>();
          walk(chunk.fileName, files);
          packs[lang] = [...files].filter((f) => !atOnce.has(f));
        }
        if (!packs[DEFAULT_LANG]) throw new Error(`boot-plugin: no chunk for locales/${DEFAULT_LANG}.json`);
        const bootFile = this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source: bootSource(tabPaths(root), packs, screenTable(routes), apiBase) }));
        // index.html is already written into the bundle by now (Vite's html plugin runs before a 'post' hook),
        // so it is completed here rather than in transformIndexHtml, which ran before the boot file had a name.
        if (!html.source.includes('<!--boot-->')) throw new Error('boot-plugin: index.html has no <!--boot--> mark');
        // React DOM, which the entry imports dynamically so that it is evaluated in a task of its own (src/app/main.tsx),
        // is still needed on every path at once: preloaded with the entry, not discovered after the app's wiring.
        const reactDom = chunks.find((c) => REACT_DOM_CLIENT.test(c.facadeModuleId ?? ''));
        if (!reactDom) throw new Error('boot-plugin: no chunk for react-dom/client');
        html.source = withBoot(html.source, bootFile, bundle).replace('</head>', `  <link rel="modulepreload" crossorigin href="/${reactDom.fileName}">\n  </head>`);
      },
    },
  };
}
