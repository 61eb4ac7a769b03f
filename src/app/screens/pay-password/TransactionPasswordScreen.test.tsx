import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { details, fail, ok } from '../../testing/fakeApi.ts';
import { expectUsableOnPhone, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const save = (screen: Awaited<ReturnType<typeof renderApp>>['screen']) => screen.getByRole('button', { name: en.paypwd.submit }).click();

describe('/txpassword', () => {
  it('first time: prompts for the login password and the 6 digits, then sets it ("PIN set")', async () => {
    signIn();
    let set = false;
    const { api, screen } = await renderApp('/txpassword', {
      'user/details': () => ok({ ...details, hasPayPassword: set }),
      'user/reset_paypwd': () => {
        set = true;
        return ok({ ok: true });
      },
    });
    await expect.element(screen.getByText(en.paypwd.set_intro)).toBeVisible();
    await save(screen);
    for (const prompt of [en.prompt.loginPassword, en.prompt.newPayPassword, en.prompt.confirmPayPassword]) {
      await expect.element(screen.getByText(prompt, { exact: true })).toBeVisible();
    }
    expectUsableOnPhone();
    await screen.getByLabelText(en.paypwd.loginPassword, { exact: true }).fill('secret123');
    await screen.getByLabelText(en.paypwd.newPayPassword, { exact: true }).fill('12345a');
    await screen.getByLabelText(en.paypwd.confirmPayPassword, { exact: true }).fill('123456');
    await save(screen);
    await expect.element(screen.getByText(en.field.pay_password_format)).toBeVisible();
    await screen.getByLabelText(en.paypwd.newPayPassword, { exact: true }).fill('123457');
    await save(screen);
    await expect.element(screen.getByText(en.field.confirm_mismatch)).toBeVisible();
    expect(api.count('user/reset_paypwd')).toBe(0);
    await screen.getByLabelText(en.paypwd.newPayPassword, { exact: true }).fill('123456');
    await save(screen);
    await expect.element(screen.getByRole('status')).toHaveTextContent('PIN set');
    expect(api.last('user/reset_paypwd')?.body).toEqual({ loginPassword: 'secret123', newPayPassword: '123456', confirmPayPassword: '123456' });
    // Now set: the screen offers to change it with the current one.
    await expect.element(screen.getByText(en.paypwd.change_intro)).toBeVisible();
  });

  it('changing: asks for the current 6-digit password and shows the locked message', async () => {
    signIn();
    const { api, screen } = await renderApp('/txpassword', {
      'user/details': () => ok({ ...details, hasPayPassword: true }),
      'user/reset_paypwd': () => fail(423, 4031, 'error.pay_password_locked'),
    });
    await save(screen);
    await expect.element(screen.getByText(en.prompt.oldPayPassword)).toBeVisible();
    await screen.getByLabelText(en.paypwd.oldPayPassword, { exact: true }).fill('111111');
    await screen.getByLabelText(en.paypwd.newPayPassword, { exact: true }).fill('222222');
    await screen.getByLabelText(en.paypwd.confirmPayPassword, { exact: true }).fill('222222');
    await save(screen);
    await expect.element(screen.getByRole('alert')).toHaveTextContent(en.error.pay_password_locked);
    expect(api.last('user/reset_paypwd')?.body).toEqual({ oldPayPassword: '111111', newPayPassword: '222222', confirmPayPassword: '222222' });
    await expect.element(screen.getByLabelText(en.paypwd.oldPayPassword, { exact: true })).toHaveValue('111111');
  });
});
