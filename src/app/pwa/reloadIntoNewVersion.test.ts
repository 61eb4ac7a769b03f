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
});
