import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { expectUsableOnPhone, pngFile, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const none = { status: 'none', realName: null, idNumberMasked: null, reason: null, submittedAt: null };
const review = { status: 'review', realName: 'Alice Nguyen', idNumberMasked: 'AB*****67', reason: null, submittedAt: 1_700_000_000_000 };
const denied = { ...review, status: 'denied', reason: 'The photo is blurred' };

describe('/realname', () => {
  it('reads the status with GET user/idcard and prompts for every field and both photos', async () => {
    signIn();
    const { api, screen } = await renderApp('/realname', { 'user/idcard': () => ok(none) });
    await screen.getByRole('button', { name: en.idcard.submit }).click();
    for (const prompt of [en.prompt.realName, en.prompt.idNumber, en.prompt.front, en.prompt.back]) {
      await expect.element(screen.getByText(prompt)).toBeVisible();
    }
    expect(api.last('user/idcard')?.method).toBe('GET');
    expect(api.count('user/bind_idcard')).toBe(0);
    expectUsableOnPhone();
  });

  it('compresses both photos on the phone, submits them and shows "under review"', async () => {
    signIn();
    const { api, screen } = await renderApp('/realname', { 'user/idcard': () => ok(none), 'user/bind_idcard': () => ok(review) });
    await screen.getByLabelText(en.idcard.realName).fill('Alice Nguyen');
    await screen.getByLabelText(en.idcard.idNumber).fill('AB1234567');
    const front = await pngFile('front.png', 3000, 2000);
    await screen.getByLabelText(en.idcard.front).upload(front);
    await screen.getByLabelText(en.idcard.back).upload(await pngFile('back.png', 800, 500));
    await expect.element(screen.getByRole('img', { name: en.idcard.front })).toBeVisible();
    await screen.getByRole('button', { name: en.idcard.submit }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Submitted Success');
    const body = api.last('user/bind_idcard')?.body as { realName: string; idNumber: string; front: string; back: string };
    expect(body.realName).toBe('Alice Nguyen');
    expect(body.idNumber).toBe('AB1234567');
    expect(body.front).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.back).toMatch(/^data:image\/jpeg;base64,/);
    // Smaller than the picked file, and at most 1600 px on its long side.
    expect((body.front.length * 3) / 4).toBeLessThan(front.size);
    const img = new Image();
    img.src = body.front;
    await img.decode();
    expect(img.naturalWidth).toBe(1600);
    await expect.element(screen.getByText(en.idcard.status_review)).toBeVisible();
    await expect.element(screen.getByRole('button', { name: en.idcard.submit })).not.toBeInTheDocument();
  });

  it('shows the denial reason and lets the member send again', async () => {
    signIn();
    const { screen } = await renderApp('/realname', { 'user/idcard': () => ok(denied) });
    await expect.element(screen.getByText(en.idcard.status_denied)).toBeVisible();
    await expect.element(screen.getByText('Reason: The photo is blurred')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: en.idcard.submit })).toBeVisible();
  });

  it('refuses a file that is not a photo, and shows the server image error, keeping the typed values', async () => {
    signIn();
    const { api, screen } = await renderApp('/realname', {
      'user/idcard': () => ok(none),
      'user/bind_idcard': () => fail(400, 4016, 'error.image_dimensions', { back: 'error.image_dimensions' }),
    });
    await screen.getByLabelText(en.idcard.realName).fill('Alice Nguyen');
    await screen.getByLabelText(en.idcard.idNumber).fill('AB1234567');
    await screen.getByLabelText(en.idcard.front).upload(new File(['not an image'], 'id.txt', { type: 'text/plain' }));
    await screen.getByLabelText(en.idcard.back).upload(await pngFile('back.png', 300, 300));
    await screen.getByRole('button', { name: en.idcard.submit }).click();
    await expect.element(screen.getByText(en.error.image_invalid)).toBeVisible();
    expect(api.count('user/bind_idcard')).toBe(0);
    await screen.getByLabelText(en.idcard.front).upload(await pngFile('front.png', 300, 300));
    await screen.getByRole('button', { name: en.idcard.submit }).click();
    await expect.element(screen.getByText(en.error.image_dimensions)).toBeVisible();
    await expect.element(screen.getByLabelText(en.idcard.realName)).toHaveValue('Alice Nguyen');
  });
});
