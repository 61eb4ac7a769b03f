import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { balanceList, expectUsableOnPhone, moneyHandlers, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

type Screen = Awaited<ReturnType<typeof renderApp>>['screen'];
const submit = (screen: Screen) => screen.getByRole('button', { name: en.refund.submit }).click();
const field = (screen: Screen, label: string) => screen.getByLabelText(label, { exact: true });
async function fill(screen: Screen, lostAmount = '250') {
  await field(screen, en.refund.nationality).fill('Vietnam');
  await field(screen, en.refund.name).fill('Alice Nguyen');
  await field(screen, en.refund.idNumber).fill('AB1234567');
  await field(screen, en.refund.lostAmount).fill(lostAmount);
  await field(screen, en.refund.refundNumber).fill('RF-2024-001');
  await field(screen, en.refund.payPassword).fill('123456');
}

describe('/bz2', () => {
  it('prompts for every field and lists my refund requests with their status', async () => {
    signIn();
    const { api, screen } = await renderApp('/bz2', moneyHandlers);
    await submit(screen);
    for (const prompt of [en.prompt.nationality, en.prompt.name, en.prompt.idNumber, en.prompt.lostAmount, en.prompt.refundNumber, en.prompt.payPassword]) {
      await expect.element(screen.getByText(prompt, { exact: true })).toBeVisible();
    }
    expect(api.count('wallet/submit')).toBe(0);
    const mine = screen.getByRole('region', { name: en.refund.mine });
    await expect.element(mine.getByText('250.00 USDT')).toBeVisible();
    await expect.element(mine.getByText(en.review.status_review)).toBeVisible();
    // Only refund requests: the deposit and withdrawal of balance_list are not listed here.
    expect(mine.getByRole('listitem').elements()).toHaveLength(1);
    expectUsableOnPhone();
  });

  it('says "Incorrect Amount" for a malformed loss', async () => {
    signIn();
    const { screen } = await renderApp('/bz2', moneyHandlers);
    await fill(screen, '12.345');
    await submit(screen);
    await expect.element(screen.getByText('Incorrect Amount')).toBeVisible();
  });

  it('submits with an Idempotency-Key: "Submitted Success", and the new request appears', async () => {
    signIn();
    const item = { id: 40, kind: 'refund', method: 'refund', amount: '99.90', status: 'review', reason: null, createdAt: 1_700_000_900_000, decidedAt: null };
    let sent = false;
    const { api, screen } = await renderApp('/bz2', {
      ...moneyHandlers,
      'wallet/submit': () => {
        sent = true;
        return ok(item);
      },
      'user/balance_list': () => ok(sent ? { ...balanceList, requests: [item, ...balanceList.requests] } : balanceList),
    });
    await fill(screen, '99.90');
    await submit(screen);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Submitted Success');
    const req = api.last('wallet/submit');
    expect(req?.body).toEqual({ nationality: 'Vietnam', name: 'Alice Nguyen', idNumber: 'AB1234567', lostAmount: '99.90', refundNumber: 'RF-2024-001', payPassword: '123456' });
    expect(req?.headers.get('Idempotency-Key')).toBeTruthy();
    await expect.element(screen.getByRole('region', { name: en.refund.mine }).getByText('99.90 USDT')).toBeVisible();
    await expect.element(field(screen, en.refund.name)).toHaveValue('');
  });

  it('shows a denied request with its reason, and a wrong password keeps the typed values', async () => {
    signIn();
    const denied = { id: 41, kind: 'refund', method: 'refund', amount: '10.00', status: 'fail', reason: 'No matching report', createdAt: 1_700_000_000_000, decidedAt: 1_700_000_100_000 };
    const { screen } = await renderApp('/bz2', {
      ...moneyHandlers,
      'user/balance_list': () => ok({ ...balanceList, requests: [denied] }),
      'wallet/submit': () => fail(400, 4030, 'error.pay_password_wrong', { payPassword: 'error.pay_password_wrong' }),
    });
    await expect.element(screen.getByText('Reason: No matching report')).toBeVisible();
    await fill(screen);
    await submit(screen);
    await expect.element(screen.getByText(en.error.pay_password_wrong)).toBeVisible();
    await expect.element(field(screen, en.refund.refundNumber)).toHaveValue('RF-2024-001');
  });
});
