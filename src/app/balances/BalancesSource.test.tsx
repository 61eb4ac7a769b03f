import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../testing/consoleGuard.ts';
import { fail, ok } from '../testing/fakeApi.ts';
import { balanceList, moneyHandlers, signIn } from '../testing/moneyFixtures.ts';
import { renderApp } from '../testing/renderApp.tsx';
import { resetBrowserState } from '../testing/reset.ts';
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
  it('writes the first read once, when it is answered: no entry already shows loading', async () => {
    signIn();
    const { app, screen } = await renderApp('/wallet', moneyHandlers);
    const seen = statusesOf(app);
    await expect.element(screen.getByText('1,060.00 USDT')).toBeVisible();
    expect(seen).toEqual(['ok']);
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
