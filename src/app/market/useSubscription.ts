import { oneWay } from '../../shared/one-way-callback.ts';
import { useEffect, useRef } from 'react';
import type { SubscriptionHandle } from '../../workers/api.ts';
import type { MarketWorker } from './marketWorker.ts';

type Open<M> = (worker: MarketWorker, callback: (message: M) => void) => Promise<SubscriptionHandle>;

/**
 * Subscribes to one worker stream while mounted and `key` stays the same. The handle arrives
 * asynchronously, so a screen that leaves first still unsubscribes once it comes.
 */
export function useSubscription<M>(worker: MarketWorker | null, key: string | null, open: Open<M>, onMessage: (message: M) => void): void {
  const openRef = useRef(open);
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    openRef.current = open;
    onMessageRef.current = onMessage;
  });
  useEffect(() => {
    if (!worker || key === null) return;
    let live = true;
    const callback = oneWay((message: M) => {
      if (live) onMessageRef.current(message);
    });
    const handle = openRef.current(worker, callback);
    return () => {
      live = false;
      void handle.then((h) => worker.unsubscribe(h)).catch(() => undefined);
    };
  }, [worker, key]);
}
