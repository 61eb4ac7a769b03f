import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppRoot } from './app/AppRoot.tsx';
import { createApp } from './app/createApp.ts';

// The service worker, the update prompt and the offline banner are not needed for the first screen: their code
// (workbox-window included) loads after it, outside what `/` loads at once.
const PwaLayer = lazy(() => import('./pwa/PwaLayer.tsx').then((m) => ({ default: m.PwaLayer })));

// On a product-list path the first poll starts now, in parallel with the rest of the JavaScript and the router,
// instead of after the screen has rendered (the worker code and comlink load in their own chunk).
const path = window.location.pathname.replace(/\/+$/, '') || '/';
if (path === '/' || path === '/hq') void import('./market/warmStart.ts').then((m) => m.warmProducts());

const container = document.getElementById('root');
if (container) {
  const app = await createApp();
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={app.i18n}>
        <Suspense fallback={null}>
          <PwaLayer />
        </Suspense>
      </I18nextProvider>
      <AppRoot app={app} />
    </StrictMode>,
  );
}
