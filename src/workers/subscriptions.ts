import { releaseProxy } from 'comlink';
import type { Observable, Subscription } from 'rxjs';
import type { SubscriptionHandle } from './messages.ts';

/** A callback from the app: a comlink proxy in the worker (its call returns a promise), a plain function in tests. */
export type Callback<M> = (message: M) => void;

type Releasable = Partial<Record<typeof releaseProxy, () => void>>;

/** Calls a callback without letting a closed page or a released proxy throw into the pipeline. */
function deliver<M>(callback: Callback<M>, message: M): void {
  try {
    const result: unknown = callback(message);
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // The app side is gone; its unsubscribe (or the worker's end) cleans up.
  }
}

/** The worker's live subscriptions by handle; unsubscribing also closes the callback's message port. */
export function createSubscriptions() {
  const live = new Map<SubscriptionHandle, { sub: Subscription; release: () => void }>();
  let nextHandle = 1;

  return {
    open<M>(stream$: Observable<M>, callback: Callback<M>): SubscriptionHandle {
      const handle = nextHandle++;
      const release = (): void => {
        const release = (callback as unknown as Releasable)[releaseProxy];
        if (typeof release === 'function') release.call(callback);
      };
      const sub = stream$.subscribe({ next: (message) => deliver(callback, message) });
      live.set(handle, { sub, release });
      return handle;
    },
    close(handle: SubscriptionHandle): void {
      const entry = live.get(handle);
      if (entry === undefined) return;
      live.delete(handle);
      entry.sub.unsubscribe();
      entry.release();
    },
    count: (): number => live.size,
  };
}
