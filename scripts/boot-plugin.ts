import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** The chart adapter's module, which the chart screen imports dynamically. */
const CHART_MODULE = /[\\/]src[\\/]charts[\\/]candle-chart\.ts$/;

/** The language a visitor with nothing stored gets (src/app/i18n/languages.ts). */
export const DEFAULT_LANG = 'en';

/** What a screen's chunk needs beyond the entry: its JS files (itself first) and its CSS. */
interface ScreenFiles {
  readonly js: string[];
  readonly css: string[];
}

/** key -> module path of every lazy screen, read from the router's own table (one line per screen). */
function lazyScreenModules(root: string): Map<string, string> {
  const text = readFileSync(resolve(root, 'src/app/router/lazyScreens.ts'), 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^\s*(\w+): \(\) => import\('\.\.\/(screens\/[^']+)'\)/gm)) {
    if (m[1] && m[2]) out.set(m[1], resolve(root, 'src/app', m[2]));
  }
  if (out.size < 10) throw new Error('boot-plugin: could not read the screens from src/app/router/lazyScreens.ts');
  return out;
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
 * 3. starts loading the member's language pack ("lang" in localStorage, else English: only that one loads), and
 *    this path's screen code (modulepreload, and a preload of its stylesheet) in parallel with the entry,
 *    instead of after the entry has run and the router has matched.
 */
function bootSource(routes: Record<string, ScreenFiles>, tabs: string[], packs: Record<string, string[]>): string {
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
  root.setAttribute('data-shell', ${JSON.stringify(tabs)}.indexOf(path) >= 0 ? 'tabs' : 'page');
  var head = document.head;
  function modulepreload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + href;
    head.appendChild(link);
  }
  var packs = ${JSON.stringify(packs)};
  var lang = null;
  try { lang = localStorage.getItem('lang'); } catch (e) { /* storage blocked: the default language */ }
  (packs[lang] || packs[${JSON.stringify(DEFAULT_LANG)}] || []).forEach(modulepreload);
  var files = ${JSON.stringify(routes)}[path];
  if (!files) return;
  // Preload only: the app inserts the stylesheet itself, after the base CSS, so the cascade order stays.
  files.css.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'style';
    // Vite's loader inserts the stylesheet with crossorigin: a preload in another credentials mode goes unused.
    link.crossOrigin = '';
    link.href = '/' + href;
    head.appendChild(link);
  });
  files.js.forEach(modulepreload);
})();
`;
}

/**
 * Puts the boot script first in index.html's head, and inlines the entry's stylesheet (a few KB): one
 * render-blocking request fewer on a slow connection. The server allows every inline <style> of index.html by its
 * hash, so this one too.
 */
function withBoot(html: string, bootFile: string, bundle: Rollup.OutputBundle): string {
  let out = html;
  const inline: string[] = [];
  for (const m of html.matchAll(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)) {
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
  return {
    name: 'candlewick:boot',
    apply: 'build',
    configResolved(config) {
      root = config.root;
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
        const routes: Record<string, ScreenFiles> = {};
        for (const [key, modulePath] of lazyScreenModules(root)) {
          const chunk = chunks.find((c) => c.facadeModuleId === modulePath);
          if (!chunk) continue;
          const files = new Set<string>();
          walk(chunk.fileName, files);
          // The chart library is a dynamic import of the chart screen (so it never delays the screen's first
          // render), but on that path it is wanted at once: preload it with the screen.
          for (const file of [...files]) {
            for (const lazy of byFile.get(file)?.dynamicImports ?? []) if (CHART_MODULE.test(byFile.get(lazy)?.facadeModuleId ?? '')) walk(lazy, files);
          }
          const js = [...files].filter((f) => !atOnce.has(f));
          const css = [...new Set(js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
          routes[key === 'home' ? '/' : `/${key}`] = { js, css };
        }
        const packs: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const lang = /[\\/]locales[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '')?.[1];
          if (!lang) continue;
          const files = new Set<string>();
          walk(chunk.fileName, files);
          packs[lang] = [...files].filter((f) => !atOnce.has(f));
        }
        if (!packs[DEFAULT_LANG]) throw new Error(`boot-plugin: no chunk for locales/${DEFAULT_LANG}.json`);
        const bootFile = this.getFileName(
          this.emitFile({ type: 'asset', name: 'boot.js', source: bootSource(routes, tabPaths(root), packs) }),
        );
        // index.html is already written into the bundle by now (Vite's html plugin runs before a 'post' hook),
        // so it is completed here rather than in transformIndexHtml, which ran before the boot file had a name.
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') throw new Error('boot-plugin: no index.html');
        if (!html.source.includes('<!--boot-->')) throw new Error('boot-plugin: index.html has no <!--boot--> mark');
        html.source = withBoot(html.source, bootFile, bundle);
      },
    },
  };
}
