import { useState } from 'react';
import type { ClockMessage } from '../../workers/api.ts';
import { useMarketWorker } from './useMarketWorker.ts';
import { useSubscription } from './useSubscription.ts';

/** serverNow − deviceNow() in ms (0 until the worker knows it); a state change only when the estimate moves. */
export function useServerOffset(): number {
  const worker = useMarketWorker();
  const [offsetMs, setOffset] = useState(0);
  useSubscription(worker, 'clock', (w, cb) => w.watchClock(cb), (message: ClockMessage) => setOffset(message.offsetMs));
  return offsetMs;
}
