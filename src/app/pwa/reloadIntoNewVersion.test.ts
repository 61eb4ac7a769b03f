import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadIntoNewVersion } from './reloadIntoNewVersion.ts';

/** A stand-in for the waiting ServiceWorker: only its state and statechange matter here. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function setup(waiting: FakeWorker | null) {
  const reload = vi.fn<() => void>();
  const skipWaiting = vi.fn(async () => {});
  const askAgain = vi.fn<() => void>();
  const registration = { waiting } as unknown as ServiceWorkerRegistration;
  const container = { getRegistration: async () => registration };
  return { reload, skipWaiting, askAgain, run: () => reloadIntoNewVersion(skipWaiting, container, reload, 10_000, 1_000, askAgain) };
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

  it('asks the browser again each second until the new worker takes over, and stops once the page reloads', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const { reload, skipWaiting, askAgain, run } = setup(worker);
    await run();
    expect(skipWaiting).toHaveBeenCalledTimes(1);
    expect(askAgain).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(askAgain).toHaveBeenCalledTimes(2);
    // Taking over: no more asking while it activates, and none after the reload.
    worker.become('activating');
    vi.advanceTimersByTime(1_000);
    worker.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(askAgain).toHaveBeenCalledTimes(2);
  });

  it('stops asking once the wait is over and the page reloads anyway', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const { reload, askAgain, run } = setup(worker);
    await run();
    vi.advanceTimersByTime(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
    const asked = askAgain.mock.calls.length;
    vi.advanceTimersByTime(5_000);
    expect(askAgain).toHaveBeenCalledTimes(asked);
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
