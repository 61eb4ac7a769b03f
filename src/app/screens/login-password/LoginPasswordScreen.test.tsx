import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { expectUsableOnPhone, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

type Screen = Awaited<ReturnType<typeof renderApp>>['screen'];
const save = (screen: Screen) => screen.getByRole('button', { name: en.loginpwd.submit }).click();
async function fill(screen: Screen, old: string, next: string, confirm: string) {
  await screen.getByLabelText(en.loginpwd.oldPassword, { exact: true }).fill(old);
  await screen.getByLabelText(en.loginpwd.newPassword, { exact: true }).fill(next);
  await screen.getByLabelText(en.loginpwd.confirmPassword, { exact: true }).fill(confirm);
}

describe('/loginpassword', () => {
  it('prompts for the current, new and confirmed password and checks they match', async () => {
    signIn();
    const { api, screen } = await renderApp('/loginpassword');
    await save(screen);
    for (const prompt of [en.prompt.oldPassword, en.prompt.newPassword, en.prompt.confirmNewPassword]) {
      await expect.element(screen.getByText(prompt, { exact: true })).toBeVisible();
    }
    await fill(screen, 'secret123', 'abc', 'abd');
    await save(screen);
    await expect.element(screen.getByText(en.field.password_format)).toBeVisible();
    await expect.element(screen.getByText(en.field.confirm_mismatch)).toBeVisible();
    expect(api.count('user/reset_pwd')).toBe(0);
    expectUsableOnPhone();
  });

  it('a wrong current password shows under its field and keeps the values', async () => {
    signIn();
    const { screen } = await renderApp('/loginpassword', { 'user/reset_pwd': () => fail(400, 4033, 'error.password_wrong', { oldPassword: 'error.password_wrong' }) });
    await fill(screen, 'wrong-one', 'newsecret1', 'newsecret1');
    await save(screen);
    await expect.element(screen.getByText(en.error.password_wrong)).toBeVisible();
    await expect.element(screen.getByLabelText(en.loginpwd.newPassword, { exact: true })).toHaveValue('newsecret1');
  });

  it('changes it: "Reset Successful" and an empty form', async () => {
    signIn();
    const { api, screen } = await renderApp('/loginpassword', { 'user/reset_pwd': () => ok({ ok: true }) });
    await fill(screen, 'secret123', 'newsecret1', 'newsecret1');
    await save(screen);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Reset Successful');
    expect(api.last('user/reset_pwd')?.body).toEqual({ oldPassword: 'secret123', newPassword: 'newsecret1', confirmPassword: 'newsecret1' });
    await expect.element(screen.getByLabelText(en.loginpwd.oldPassword, { exact: true })).toHaveValue('');
  });
});
