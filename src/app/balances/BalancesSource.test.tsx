import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../testing/consoleGuard.ts';
import { fail, ok } from '../testing/fakeApi.ts';
import { balanceList, moneyHandlers, signIn } from '../testing/moneyFixtures.ts';
import { renderApp } from '../testing/renderApp.tsx';
import { resetBrowserState } from '../testing/reset.ts';
import { whenReactIsIdle } from '../testing/reactIdle.ts';
import { balancesAtom } from './balancesState.ts';

resetBrowserState();
guardConsole();

/** Each status the one balances entry took, in order, from `app.store`. */
function statusesOf(app: Awaited<ReturnType<typeof renderApp>>['app']): string[] {
  const seen: string[] = [];
  app.store.sub(balancesAtom, () => {
    const entry = app.store.get(balancesAtom);
    seen.push(entry === null ? 'none' : `${entry.state.status}${entry.refreshing ? ' refreshing' : ''}`);
  });
  return seen;
}

describe('BalancesSource', () => {
  afterEach(() => {
    delete window.__candlewickEarly;
  });

  it('writes the first read once, when it is answered: no entry already shows loading', async () => {
    signIn();
    const { app, screen } = await renderApp('/wallet', moneyHandlers);
    const seen = statusesOf(app);
    await expect.element(screen.getByText('1,060.00 USDT')).toBeVisible();
    expect(seen).toEqual(['ok']);
  });

  it("shows the boot script's answer at once when it has come, and the first read takes it rather than asking", async () => {
    signIn();
    const json = { code: 0, msg: '', data: balanceList };
    let release = (): void => undefined;
    // The promise the first read takes is held back: figures on screen before it resolves are the answer shown at once.
    const answer = new Promise<{ ok: boolean; json: () => Promise<unknown> }>((resolve) => {
      release = () => resolve({ ok: true, json: () => Promise.resolve(json) });
    });
    window.__candlewickEarly = { 'user/balance_list': { token: 'tok', lang: 'en', body: '{}', at: performance.now(), answer, settled: { status: 200, body: json } } };
    const { api, app, screen } = await renderApp('/wallet', moneyHandlers);
    await expect.element(screen.getByText('1,060.00 USDT')).toBeVisible();
    expect(app.store.get(balancesAtom)).toBeNull();
    release();
    await expect.poll(() => app.store.get(balancesAtom)?.state).toEqual({ status: 'ok', data: json.data });
    await whenReactIsIdle();
    expect(api.count('user/balance_list')).toBe(0);
  });

  it('shows loading again when a failed first read is retried, then the figures', async () => {
    signIn();
    let calls = 0;
    const { app, screen } = await renderApp('/wallet', {
      ...moneyHandlers,
      'user/balance_list': () => (++calls === 1 ? fail(500, 5000, 'error.internal') : ok(balanceList)),
    });
    const seen = statusesOf(app);
    await expect.element(screen.getByText(en.error.internal)).toBeVisible();
    await screen.getByRole('button', { name: en.app.retry }).click();
    await expect.element(screen.getByText('1,060.00 USDT')).toBeVisible();
    expect(seen).toEqual(['error', 'loading', 'ok']);
  });
});
