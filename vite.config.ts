import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootPlugin } from './scripts/boot-plugin.ts';
import { compileHints } from './scripts/compile-hints.ts';
import { fetchedPreloads } from './scripts/fetched-preloads.ts';
import { importRetry } from './scripts/import-retry.ts';
import { firstLoadModules } from './scripts/first-load-chunk.ts';
import { isFirstScreen, loadsWithTabScreens } from './scripts/first-screens.ts';
import { shellPrecache } from './scripts/shell-precache.ts';

// The API server (server/main.ts) serves dist/ and /api on one port; in dev, Vite proxies /api to it.
const apiTarget = process.env['API_TARGET'] ?? 'http://127.0.0.1:8080';
// Resolved from the config (a bench builds with --outDir elsewhere); read by the precompress and precache steps.
let outDir = 'dist';
// What the entry needs on every path; only these libraries are grouped (the chart library stays in its screen).
const FIRST_SCREEN_LIBS = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|i18next|jotai)[\\/]/;
const ENTRY = /[\\/]src[\\/]app[\\/]main\.tsx$/;
// The chunks the entry imports statically (the groups below, and the bundler's runtime).
const ENTRY_STATIC = /^assets\/(?:stack|app|rolldown-runtime)-[\w-]{8}\.js$/;
// The contract's schemas need zod when they are evaluated (its schemas are built at import): only the screens with a
// form need it, so what they share stays out of the chunks the market screens share. What the first screens share is
// the `screens` and `trading` chunks (below), and what only other screens share (form fields, money forms, the passkey
// ceremony) is none of their download.
const firstLoad = firstLoadModules(ENTRY, /[\\/]node_modules[\\/]zod[\\/]/, isFirstScreen, loadsWithTabScreens);
/** The app's modules (and comlink) that screens may share: not what needs zod at evaluation, which stays with forms. */
const shareable = (id: string) => ((/[\\/]src[\\/]/.test(id) && !id.includes('node_modules')) || /[\\/]node_modules[\\/]comlink[\\/]/.test(id)) && !firstLoad.needsLibrary(id);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|ico)$/;

/**
 * A dynamic import's preload list with the imported chunk itself first (Vite lists it first today; this makes sure,
 * and puts it there should a list ever leave it out): the preload helper takes the first script for that chunk.
 */
function importedFirst(file: string, deps: string[]): string[] {
  return deps.length === 0 ? deps : [file, ...deps.filter((dep) => dep !== file)];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

/**
 * Writes a .br and a .gz beside every text file in dist/, after every other plugin (the service worker included),
 * so the server can send the smallest copy the browser accepts without compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'candlewick:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || file.startsWith(join(outDir, '.vite'))) continue;
          const raw = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
          writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    firstLoad.plugin,
    bootPlugin(),
    fetchedPreloads(),
    importRetry(),
    // Not the libraries one form or feature loads and mostly does not call (their chunks are named after them).
    compileHints(/^(?:forms|zod|zodRuntime|browser-image-compression|workbox-window\.prod|esm|useForm|fieldErrors)$/),
    VitePWA({
      // A new version waits for the member's "reload": never a silent swap under an open order.
      registerType: 'prompt',
      injectRegister: false,
      // The manifest is public/manifest.webmanifest (name "Candlewick"); the server rewrites its name to WEB_NAME.
      manifest: false,
      includeAssets: [],
      workbox: {
        // Only the shell: index.html, what it loads at once, the boot script and the icons. Route chunks are cached
        // as they are first used (runtime CacheFirst below), so installing costs no extra bytes on a metered plan.
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        // The manifest is served by the server (with WEB_NAME): precaching the build's copy would keep a stale name.
        globIgnores: ['**/manifest.webmanifest', '**/sw-routes.js'],
        manifestTransforms: [shellPrecache(() => outDir)],
        navigateFallback: '/index.html',
        // The API is never answered by the service worker: no route matches /api, so the browser fetches it itself,
        // and where it can, it sends /api past the worker altogether (public/sw-routes.js).
        navigateFallbackDenylist: [/^\/api\//],
        importScripts: ['sw-routes.js'],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 200 } },
          },
        ],
      },
    }),
    precompress(),
  ],
  worker: { format: 'es' },
  // workbox-window's package points bundlers at its ES5 build (async code turned into state machines: 5.8 KB to
  // evaluate against 3.3 KB); every browser that runs our es2022 modules runs the modern one.
  resolve: { alias: [{ find: /^workbox-window$/, replacement: resolve('node_modules/workbox-window/build/workbox-window.prod.mjs') }] },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  optimizeDeps: { include: ['comlink', 'rxjs', 'react', 'react-dom', 'jotai', 'i18next'] },
  // No source maps in what the server serves; `manifest` lets scripts/size-budget.ts follow the entry's imports.
  // Every browser that runs es2022 modules knows modulepreload: the polyfill would be dead weight in the entry.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // A dynamic import's preload list leaves out what the entry imports statically: that is always loaded before any
    // app code can import anything, and preloading it again cost a link element and a cache lookup per file on every
    // first import (the helper now skips a fetched script at run time, scripts/fetched-preloads.ts, but would still
    // resolve and look up each one). The imported chunk goes first: the helper links it only while a stylesheet holds
    // the import back (scripts/fetched-preloads.ts). index.html's own preloads (hostType 'html') stay as they are.
    modulePreload: { polyfill: false, resolveDependencies: (file, deps, { hostType }) => (hostType === 'js' ? importedFirst(file, deps.filter((dep) => !ENTRY_STATIC.test(dep))) : deps) },
    rolldownOptions: {
      output: {
        // The libraries every screen runs (React, i18n, jotai) go in one file: brotli then shares one
        // window across them (about 5 KB less than six separate chunks) and a slow phone makes fewer requests.
        // The app's own modules the entry imports statically go in one `app` chunk beside it (see first-load-chunk.ts).
        codeSplitting: {
          // A group takes the modules it names, not their libraries (an image compressor stays with its one form).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'stack', test: FIRST_SCREEN_LIBS, priority: 2 },
            // zod alone, apart from the contract's schemas: a screen that loads a form late can evaluate the library
            // and the schemas in two tasks (see the order ticket's import), not in one long one.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'app', test: (id) => firstLoad.has(id) && !ENTRY.test(id) && !id.includes('node_modules'), priority: 1 },
            // What two or more screens share is three files, not twenty: `screens`, what the tab screens (`/`, `/hq`)
            // use; `trading`, what only the other first screens (`/xq`, `/orderrecord`: scripts/first-screens.ts) use,
            // so the tab screens load none of the order list and its countdowns; and `account`, what only the others
            // use, so a first screen loads none of the forms' shared code. What needs zod (forms and their schemas) is
            // left to the screens that use it.
            { name: 'screens', test: (id) => shareable(id) && firstLoad.tabScreenNeeds(id), minShareCount: 2, priority: 0 },
            { name: 'trading', test: (id) => shareable(id) && firstLoad.firstScreenNeeds(id) && !firstLoad.tabScreenNeeds(id), minShareCount: 2, priority: 0 },
            { name: 'account', test: (id) => shareable(id) && !firstLoad.firstScreenNeeds(id), minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
});
