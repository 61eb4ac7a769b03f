import { expose, proxy, releaseProxy, wrap } from 'comlink';
import { describe, expect, it } from 'vitest';
import { oneWay, registerOneWayCallbacks } from './one-way-callback.ts';

/** A worker-like API at the far end of a message channel, keeping the callback it was given. */
function farEnd() {
  const { port1, port2 } = new MessageChannel();
  let kept: ((message: number) => unknown) | null = null;
  const api = {
    watch(callback: (message: number) => unknown): void {
      kept = callback;
    },
    /** Calls the kept callback with each message; answers what the calls returned, as text. */
    send(messages: readonly number[]): string[] {
      return messages.map((m) => (kept?.(m) instanceof Promise ? 'promise' : 'nothing'));
    },
    release(): void {
      (kept as unknown as Record<typeof releaseProxy, () => void>)[releaseProxy]();
    },
  };
  registerOneWayCallbacks();
  expose(api, port1);
  return wrap<typeof api>(port2);
}

describe('oneWay', () => {
  it('crosses as a port of its own: each call is a message, in order, that nothing answers', async () => {
    const remote = farEnd();
    const got: number[] = [];
    let arrived: () => void = () => undefined;
    const allThree = new Promise<void>((ok) => (arrived = ok));
    await remote.watch(
      oneWay((message: number) => {
        got.push(message);
        if (got.length === 3) arrived();
      }),
    );
    expect(await remote.send([1, 2, 3])).toEqual(['nothing', 'nothing', 'nothing']);
    await allThree;
    expect(got).toEqual([1, 2, 3]);
  });

  it('where a comlink proxy waits for a reply to every call', async () => {
    const remote = farEnd();
    await remote.watch(proxy(() => undefined));
    expect(await remote.send([1])).toEqual(['promise']);
  });

  it('stops delivering once the far end releases it', async () => {
    const remote = farEnd();
    const got: number[] = [];
    let first: () => void = () => undefined;
    const firstCame = new Promise<void>((ok) => (first = ok));
    await remote.watch(
      oneWay((message: number) => {
        got.push(message);
        first();
      }),
    );
    await remote.send([1]);
    await firstCame;
    await remote.release();
    await remote.send([2]);
    // A message sent on a closed port goes nowhere; a round trip on the remote shows the far end has moved on.
    await remote.send([]);
    expect(got).toEqual([1]);
  });
});
