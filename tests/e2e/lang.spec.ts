import { expect, signedOut, watchErrors } from './support.ts';

signedOut('/lang switches the language live, and the choice survives a reload', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/lang');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Language');
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();

  // click, not check(): the radio turns checked once the pack has loaded, a moment after the click.
  await page.getByRole('radio', { name: '简体中文' }).click();
  await expect(page.getByRole('radio', { name: '简体中文' })).toBeChecked();
  // Live: the same screen re-renders in Chinese without a reload.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('语言');
  await expect(page.getByRole('group', { name: '选择语言' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zn');

  // Only the member's language loads: after the reload the Chinese pack comes, the English one does not.
  const packs: string[] = [];
  page.on('request', (req) => {
    const name = /\/assets\/(en|vn|zn)-[\w-]+\.js$/.exec(new URL(req.url()).pathname)?.[1];
    if (name) packs.push(name);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('语言');
  expect(packs).toEqual(['zn']);
  await expect(page.getByRole('radio', { name: '简体中文' })).toBeChecked();

  // Other screens follow: the tab bar of home, and the announcements in the member's language.
  await page.goto('/');
  await expect(page.getByRole('navigation').getByRole('link', { name: '我的' })).toBeVisible();
  await expect(page.getByText('欢迎来到本平台')).toBeVisible();

  await page.goto('/lang');
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Language');
  // The English pack is its own chunk, fetched when chosen.
  expect(packs.at(-1)).toBe('en');
  expect(errors).toEqual([]);
});
