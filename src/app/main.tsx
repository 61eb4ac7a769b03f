import { startTransition, StrictMode } from 'react';
import { loadedLater } from './components/loadedLater.tsx';
import { TranslationProvider } from './i18n/translation.tsx';
import { AppRoot } from './wiring/AppRoot.tsx';
import { createApp } from './wiring/createApp.ts';
import { yieldToMain } from './market/yieldToMain.ts';
import { SERVICE_WORKER_PAUSE_MS, whenPageRests } from './pwa/whenPageSettles.ts';

// The service worker, the update prompt and the manifest are not needed for the first screen: their code
// (workbox-window included) loads once the page has settled and rested (whenPageRests), outside what `/` loads at
// once. A load tried again (the phone was offline) does not wait the pause again.
let rested: Promise<void> | null = null;
const PwaLayer = loadedLater(() => (rested ??= whenPageRests(SERVICE_WORKER_PAUSE_MS)).then(() => import('./pwa/PwaLayer.tsx')).then((m) => m.PwaLayer));

// On a path whose screen shows market data, the worker (and on a product list, the first poll) starts now, in
// parallel with the rest of the JavaScript and the router, instead of after the screen has rendered (the worker
// code and comlink load in their own chunk). The boot script (scripts/boot-plugin.ts) reads this list to preload
// warmStart's code on these paths.
const WARM_START_PATHS: readonly string[] = ['/', '/hq', '/xq', '/trade', '/orderrecord'];
const path = window.location.pathname.replace(/\/+$/, '') || '/';
if (WARM_START_PATHS.includes(path)) void import('./market/warmStart.ts').then((m) => m.warmStart(path));

const container = document.getElementById('root');
if (container) {
  const app = await createApp();
  // React DOM (a CommonJS module, evaluated when first required) is evaluated in a task of its own, after the app's
  // wiring and not with the entry's module graph: together they were one 50-130 ms task on a 4x-slow CPU. It is
  // already downloaded (the same chunk as React), so this costs no round trip.
  await yieldToMain();
  const { createRoot } = await import('react-dom/client');
  await yieldToMain();
  const root = createRoot(container);
  // The first render is a transition, so React renders it in slices of a few ms (the inline shell is on screen
  // meanwhile) rather than in one long task: on a 4x-slow phone that task alone was over 100 ms.
  startTransition(() => root.render(
    <StrictMode>
      <TranslationProvider i18n={app.i18n}>
        <PwaLayer />
      </TranslationProvider>
      <AppRoot app={app} />
    </StrictMode>,
  ));
}
