import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { expectUsableOnPhone, moneyHandlers, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

describe('/recharge', () => {
  it('prompts for the amount with the spec message and shows the minimum from config', async () => {
    signIn();
    const { screen } = await renderApp('/recharge', moneyHandlers);
    await expect.element(screen.getByText('Minimum 10.00 USDT')).toBeVisible();
    await expect.element(screen.getByLabelText(en.deposit.amount)).toHaveAttribute('placeholder', en.prompt.depositAmount);
    await screen.getByRole('button', { name: en.deposit.next }).click();
    await expect.element(screen.getByText('Please Enter The Amount')).toBeVisible();
    await screen.getByLabelText(en.deposit.amount).fill('5');
    await screen.getByRole('button', { name: en.deposit.next }).click();
    await expect.element(screen.getByText('Incorrect Amount')).toBeVisible();
    expectUsableOnPhone();
  });

  it('goes to step 2 with the chosen method and amount', async () => {
    signIn();
    const { app, screen } = await renderApp('/recharge', moneyHandlers);
    await screen.getByText(en.review.method_trc20).click();
    await screen.getByLabelText(en.deposit.amount).fill('150.50');
    await screen.getByRole('button', { name: en.deposit.next }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.recharge2 })).toBeVisible();
    expect(app.router.state.route?.location.search).toBe('?method=trc20&amount=150.50');
  });
});
