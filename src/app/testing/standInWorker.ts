import type { MarketWorker } from '../market/marketWorker.ts';

/**
 * A market worker for a component test: the session, visibility and clock calls answer at once and do nothing,
 * and the one subscription the test names (`watchHoldList`, `watchCandles`, …) delivers what the test sends.
 * `extra` replaces any call (a test that counts unsubscriptions, say).
 */
export function standInWorker<M>(subscription: keyof MarketWorker, extra: Readonly<Record<string, unknown>> = {}) {
  let deliver: ((message: M) => void) | null = null;
  const stand = {
    setSession: () => Promise.resolve(),
    setVisible: () => Promise.resolve(),
    setUnauthorizedHandler: () => Promise.resolve(),
    watchClock: () => Promise.resolve(0),
    setRowsInView: () => Promise.resolve(),
    unsubscribe: () => Promise.resolve(),
    ...extra,
    // The callback is each subscription's last argument.
    [subscription]: (...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') deliver = callback as (message: M) => void;
      return Promise.resolve(1);
    },
  };
  // Only the calls a component and its worker hooks make are stood in for.
  return { worker: stand as unknown as MarketWorker, send: (message: M) => deliver?.(message), subscribed: () => deliver !== null };
}
