// The one market worker (design card): owns market and order I/O and sends the page diffs only.
// Lib-neutral on purpose: the page's `import type` of this file must compile with the DOM lib too.
import { expose } from 'comlink';
import { registerOneWayCallbacks } from '../shared/one-way-callback.ts';
import { createMarketApi } from './market-api.ts';
import { openMarketCache } from './market-cache.ts';

const api = createMarketApi({ fetch: (input, init) => fetch(input, init), cache: openMarketCache() });
registerOneWayCallbacks();
expose(api);

/** What the page wraps: `wrap<MarketWorkerApi>(worker)`. */
export type MarketWorkerApi = typeof api;
