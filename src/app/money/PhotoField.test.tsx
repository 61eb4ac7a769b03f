import type { ReactNode } from 'react';
import { TranslationProvider } from '../i18n/translation.tsx';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import en from '../../../locales/en.json' with { type: 'json' };
import { createI18n } from '../i18n/createI18n.ts';
import { pngFile } from '../testing/moneyFixtures.ts';
import { PhotoField } from './PhotoField.tsx';
import './money.css';

async function renderField(onFile: (f: File | null) => void) {
  const i18n = await createI18n('en');
  const wrap = (node: ReactNode) => <TranslationProvider i18n={i18n}>{node}</TranslationProvider>;
  return render(wrap(<PhotoField label="Receipt" name="receipt" onFile={onFile} />));
}

describe('PhotoField (a styled picker with a preview)', () => {
  it('shows a button instead of the bare browser control, then the file name and a preview', async () => {
    const onFile = vi.fn();
    const screen = await renderField(onFile);
    await expect.element(screen.getByText(en.money.photo_choose)).toBeVisible();
    const input = screen.getByLabelText('Receipt');
    // The native control is drawn by the label, not by the browser.
    expect(getComputedStyle(input.element()).opacity).toBe('0');
    await input.upload(await pngFile('receipt.png', 400, 300));
    await expect.element(screen.getByRole('img', { name: 'Receipt' })).toBeVisible();
    await expect.element(screen.getByText('receipt.png')).toBeVisible();
    await expect.element(screen.getByText(en.money.photo_change)).toBeVisible();
    expect(onFile).toHaveBeenCalledTimes(1);
  });
});
