// Imported by the service worker (vite.config.ts, workbox.importScripts).
// The worker answers nothing under /api (no route matches it), yet every request a controlled page or its workers
// send would still start it and wait for its fetch event: on a slow phone, each poll woke a stopped worker first. An
// old worker kept busy so also held back a new version the member chose to reload into, behind the app's own polls.
// Where the browser has the static routing API, installing tells it to send /api straight to the network.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const api = { condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' };
  // A browser that refuses the rule still installs the worker, which then sees /api as before.
  event.waitUntil(event.addRoutes([api]).catch(() => undefined));
});
