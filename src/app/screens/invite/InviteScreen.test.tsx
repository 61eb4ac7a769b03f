import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { ok } from '../../testing/fakeApi.ts';
import { expectMobileLayout } from '../../testing/mobileLayout.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();
afterEach(() => vi.restoreAllMocks());

const rates = ['0.10', '0.05', '0.03', '0.02', '0.01', '0.005', '0.005', '0.005', '0.005'];
const invite = {
  inviteCode: 'ALICE7',
  registerPath: '/reg?code=ALICE7',
  levels: rates.map((rate, i) => ({ level: i + 1, members: i === 0 ? 3 : i === 1 ? 2 : 0, cashback: i === 0 ? '12.50' : '0.00', rate })),
  recent: [{ username: 'bo***9', registeredAt: 1_700_000_000_000, level: 1 }],
};

async function open() {
  localStorage.setItem('accessToken', 'tok');
  return renderApp('/yqhy', { 'user/invite': () => ok(invite) });
}

describe('/yqhy', () => {
  it('shows the code and a registration link on this origin, and copies it ("Copy Successfully")', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { screen } = await open();
    await expect.element(screen.getByText('ALICE7', { exact: true })).toBeVisible();
    const link = `${window.location.origin}/reg?code=ALICE7`;
    await expect.element(screen.getByLabelText(en.invite.link)).toHaveValue(link);
    await screen.getByRole('button', { name: en.invite.copy_link }).click();
    await expect.element(screen.getByText(en.msg.copy_ok)).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(link);
    await screen.getByRole('button', { name: en.invite.copy_code }).click();
    expect(writeText).toHaveBeenLastCalledWith('ALICE7');
  });

  it('says so when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    vi.spyOn(document, 'execCommand').mockReturnValue(false);
    const { screen } = await open();
    await screen.getByRole('button', { name: en.invite.copy_link }).click();
    await expect.element(screen.getByText(en.invite.copy_failed)).toBeVisible();
    await expect.element(screen.getByText(en.msg.copy_ok)).not.toBeInTheDocument();
  });

  it('draws a QR code of the link and saves it as a PNG', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { screen } = await open();
    const link = `${window.location.origin}/reg?code=ALICE7`;
    const qr = screen.getByRole('img', { name: en.invite.qr_label.replace('{{link}}', link) });
    await expect.element(qr).toBeVisible();
    const canvas = qr.element() as HTMLCanvasElement;
    expect(canvas.tagName).toBe('CANVAS');
    // Dark modules were drawn: the canvas is not blank.
    const ctx = canvas.getContext('2d');
    const pixels = ctx?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    expect(pixels.some((v, i) => i % 4 === 0 && v < 50)).toBe(true);
    await screen.getByRole('button', { name: en.invite.save_qr }).click();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.download).toBe('invite-ALICE7.png');
    expect(clicks[0]?.href.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('shows team size, members, cashback and rate for each of the nine levels, and recent invitees', async () => {
    const { screen } = await open();
    await expect.element(screen.getByText(en.invite.team_size.replace('{{size}}', '5'))).toBeVisible();
    const rows = screen.getByRole('table').getByRole('row');
    await expect.element(rows.nth(9)).toBeVisible();
    expect(rows.elements()).toHaveLength(10);
    await expect.element(rows.nth(1)).toHaveTextContent('Level 1312.50 USDT10%');
    await expect.element(rows.nth(9)).toHaveTextContent('Level 900.00 USDT0.5%');
    await expect.element(screen.getByText('bo***9')).toBeVisible();
    expectMobileLayout();
  });
});
