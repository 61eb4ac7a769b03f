import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadIntoNewVersion } from './reloadIntoNewVersion.ts';

/** A stand-in for the waiting ServiceWorker: only its state and statechange matter here. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';
  readonly messages: unknown[] = [];
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function setup(waiting: FakeWorker | null) {
  const reload = vi.fn<() => void>();
  const skipWaiting = vi.fn(async () => {});
  const registration = { waiting } as unknown as ServiceWorkerRegistration;
  const container = { getRegistration: async () => registration };
  return { reload, skipWaiting, run: () => reloadIntoNewVersion(skipWaiting, container, reload) };
}

describe('reloadIntoNewVersion', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the waiting worker to take over and reloads once it has, with or without a controller change', async () => {
    const worker = new FakeWorker();
    const { reload, skipWaiting, run } = setup(worker);
    await run();
    expect(skipWaiting).toHaveBeenCalledTimes(1);
    worker.become('activating');
    expect(reload).not.toHaveBeenCalled();
    worker.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when the waiting worker is replaced by a newer one, and only once', async () => {
    const worker = new FakeWorker();
    const { reload, run } = setup(worker);
    await run();
    worker.become('redundant');
    worker.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when the worker it finds has already taken over', async () => {
    const worker = new FakeWorker();
    worker.state = 'activated';
    const { reload, skipWaiting, run } = setup(worker);
    await run();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(skipWaiting).not.toHaveBeenCalled();
  });

  it('reloads at once when nothing waits any more (another tab already took the new version)', async () => {
    const { reload, skipWaiting, run } = setup(null);
    await run();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(skipWaiting).not.toHaveBeenCalled();
  });

  it('reloads anyway when the new worker has not taken over after a while, and only once', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const { reload, skipWaiting, run } = setup(worker);
    await run();
    expect(skipWaiting).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    worker.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload a second time once the wait is over after the new worker took over', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const { reload, run } = setup(worker);
    await run();
    worker.become('activated');
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('tells the waiting worker again each second until it takes over, and stops once the page reloads', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const { reload, skipWaiting, run } = setup(worker);
    await run();
    expect(skipWaiting).toHaveBeenCalledTimes(1);
    expect(worker.messages).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }, { type: 'SKIP_WAITING' }]);
    // Taking over: no more nudges while it activates, and none after the reload.
    worker.become('activating');
    vi.advanceTimersByTime(1_000);
    worker.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(worker.messages).toHaveLength(2);
  });

  it('stops telling it once the wait is over and the page reloads anyway', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const { reload, run } = setup(worker);
    await run();
    vi.advanceTimersByTime(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
    const told = worker.messages.length;
    vi.advanceTimersByTime(5_000);
    expect(worker.messages).toHaveLength(told);
  });

  it('waits for a version already taking over to finish before it reloads', async () => {
    const active = new FakeWorker();
    active.state = 'activating';
    const reload = vi.fn<() => void>();
    const registration = { waiting: null, active } as unknown as ServiceWorkerRegistration;
    await reloadIntoNewVersion(async () => {}, { getRegistration: async () => registration }, reload);
    expect(reload).not.toHaveBeenCalled();
    active.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
