import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { formRefusals } from '../../../contract/form-spec.ts';
import { registerForm } from '../../../contract/forms.ts';

resetBrowserState();
guardConsole();

const valid = { username: 'bob42', phone: '01234567890', password: 'secret1', confirmPassword: 'secret1', inviteCode: 'INV1' };

// The form checks the body it sends with the contract's schema (server/routes/form-agreement.test.ts holds the server to it).
const validateRegistration = (values: typeof valid) => formRefusals(registerForm, values);

describe('registration rules', () => {
  it('accepts a valid form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });
  it('limits the username to 18 letters and digits', () => {
    expect(validateRegistration({ ...valid, username: 'a'.repeat(18) }).username).toBeUndefined();
    expect(validateRegistration({ ...valid, username: 'a'.repeat(19) }).username).toBe('field.username_format');
    expect(validateRegistration({ ...valid, username: 'bob_42' }).username).toBe('field.username_format');
  });
  it('wants exactly 11 digits of phone and matching passwords', () => {
    expect(validateRegistration({ ...valid, phone: '0123456789' }).phone).toBe('field.phone_format');
    expect(validateRegistration({ ...valid, phone: '0123456789a' }).phone).toBe('field.phone_format');
    expect(validateRegistration({ ...valid, confirmPassword: 'other12' }).confirmPassword).toBe('field.confirm_mismatch');
    expect(validateRegistration({ ...valid, password: 'abc', confirmPassword: 'abc' }).password).toBe('field.password_format');
  });
});

describe('/reg', () => {
  it('shows every required-field prompt and sends nothing when empty', async () => {
    const { api, screen } = await renderApp('/reg');
    await screen.getByRole('button', { name: en.auth.register, exact: true }).click();
    for (const text of [en.prompt.username, en.prompt.phone, en.prompt.password, en.prompt.confirmPassword, en.prompt.inviteCode]) {
      await expect.element(screen.getByText(text, { exact: true })).toBeVisible();
    }
    await expect.element(screen.getByLabelText(en.label.username)).toHaveAttribute('aria-invalid', 'true');
    expect(api.count('user/register')).toBe(0);
  });

  it('prefills the invitation code from ?code= or ?invite=', async () => {
    const a = await renderApp('/reg?code=ABC123');
    await expect.element(a.screen.getByLabelText(en.label.inviteCode)).toHaveValue('ABC123');
    await a.screen.unmount();
    const b = await renderApp('/reg?invite=XYZ9');
    await expect.element(b.screen.getByLabelText(en.label.inviteCode)).toHaveValue('XYZ9');
  });

  it('shows the server field errors inline', async () => {
    const { screen } = await renderApp('/reg?code=INV1', {
      'user/register': () => fail(409, 4090, 'error.username_taken', { username: 'error.username_taken' }),
    });
    await screen.getByLabelText(en.label.username).fill(valid.username);
    await screen.getByLabelText(en.label.phone).fill(valid.phone);
    await screen.getByLabelText(en.label.password, { exact: true }).fill(valid.password);
    await screen.getByLabelText(en.label.confirmPassword).fill(valid.confirmPassword);
    await screen.getByRole('button', { name: en.auth.register, exact: true }).click();
    await expect.element(screen.getByText(en.error.username_taken)).toBeVisible();
    await expect.element(screen.getByLabelText(en.label.username)).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables submit while pending, then says "Sign Up Success" and goes home signed in', async () => {
    const { api, screen } = await renderApp(
      '/reg?code=INV1',
      { 'user/register': () => ok({ accessToken: 'new-token', expiresAt: 1 }) },
      { hold: ['user/register'] },
    );
    await screen.getByLabelText(en.label.username).fill(valid.username);
    await screen.getByLabelText(en.label.phone).fill(valid.phone);
    await screen.getByLabelText(en.label.password, { exact: true }).fill(valid.password);
    await screen.getByLabelText(en.label.confirmPassword).fill(valid.confirmPassword);
    await screen.getByRole('button', { name: en.auth.register, exact: true }).click();
    // The request has arrived and waits for us: the form must be pending now.
    const register = await api.nextRequest('user/register');
    await expect.element(screen.getByRole('button', { name: en.auth.submitting })).toBeDisabled();
    expect(register.body).toEqual(valid);
    register.release();
    await expect.element(screen.getByText(en.msg.signup_ok)).toBeVisible();
    await expect.element(screen.getByRole('navigation', { name: en.app.main_nav })).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    expect(api.count('user/register')).toBe(1);
  });
});
