import { releaseProxy, transferHandlers, type TransferHandler } from 'comlink';

const ONE_WAY = Symbol('one-way callback');

/** A marked callback as the handler sees it: what it is called with is the worker's business. */
type Listener = (message: unknown) => void;

/**
 * Marks a callback that only listens: passed to the worker, it crosses as a message port of its own, and each
 * call from the worker is one message that nothing answers. A comlink proxy answers every call with a reply the
 * worker waits for: on a live screen, a message back to the worker for every delta, from a callback that returns nothing.
 */
export function oneWay<M>(listener: (message: M) => void): (message: M) => void {
  return Object.assign((message: M) => listener(message), { [ONE_WAY]: true as const });
}

const isMarked = (value: unknown): value is Listener => typeof value === 'function' && ONE_WAY in value;

const handler: TransferHandler<Listener, MessagePort> = {
  canHandle: isMarked,
  serialize(listener) {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (event: MessageEvent<unknown>) => listener(event.data);
    return [port2, [port2]];
  },
  deserialize(port) {
    // The worker's end: a call posts the message; releasing it (the subscription closed) closes the port.
    const send = (message: unknown): void => port.postMessage(message);
    return Object.assign(send, { [releaseProxy]: () => port.close() });
  },
};

/** Both sides of the seam register the handler before the first callback crosses (the page and the worker). */
export function registerOneWayCallbacks(): void {
  if (!transferHandlers.has('one-way')) transferHandlers.set('one-way', handler as TransferHandler<unknown, unknown>);
}
