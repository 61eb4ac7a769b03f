import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './createApp.ts';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

// Never answers; rejects only when ky aborts it.
const hang = (input: RequestInfo | URL) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = input instanceof Request ? input.signal : undefined;
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('createApp wiring', () => {
  it("gives the app's client the spec's 10000 ms timeout", async () => {
    vi.useFakeTimers();
    const app = await createApp({ fetch: hang, initialEntries: ['/'] });
    let settled: unknown = 'pending';
    const done = app.client.call('common/banks').catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(settled).toEqual({ code: 6001, msg: 'error.timeout' });
    app.router.dispose();
  });

  it('sends calls to the /api base by default', async () => {
    const urls: string[] = [];
    const app = await createApp({
      initialEntries: ['/lang'],
      fetch: (input) => {
        urls.push(input instanceof Request ? new URL(input.url).pathname : String(input));
        return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data: { items: [] } })));
      },
    });
    await app.client.call('common/banks');
    expect(urls).toContain('/api/common/banks');
    app.router.dispose();
  });
});
