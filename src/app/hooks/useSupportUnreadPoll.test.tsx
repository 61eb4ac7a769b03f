import { Provider as JotaiProvider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { ApiContext } from '../api/apiContext.ts';
import type { ApiClient } from '../api/client.ts';
import { supportUnreadAtom } from '../state/supportUnread.ts';
import { useSupportUnreadPoll } from './useSupportUnreadPoll.ts';

// The page settles when this test says so.
let settle: () => void = () => undefined;
vi.mock('../pwa/whenPageSettles.ts', () => ({
  whenPageSettles: () => new Promise<void>((resolve) => (settle = resolve)),
}));

describe('useSupportUnreadPoll', () => {
  it('asks for the badge only once the page has settled, then writes the unread count', async () => {
    const call = vi.fn(() => Promise.resolve({ code: 0, msg: '', data: { items: [], unread: 2, cursor: 7 } }));
    const client = { call, onMoneyMoved: () => () => undefined } as unknown as ApiClient;
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiContext value={client}>
        <JotaiProvider store={store}>{children}</JotaiProvider>
      </ApiContext>
    );
    await renderHook(() => useSupportUnreadPoll('token-1', true, '/'), { wrapper });
    expect(call).not.toHaveBeenCalled();

    settle();
    await expect.poll(() => call.mock.calls.length).toBe(1);
    expect(call).toHaveBeenCalledWith('support/messages', {});
    await expect.poll(() => store.get(supportUnreadAtom)).toBe(2);
  });
});
