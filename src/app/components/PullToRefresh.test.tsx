import { TranslationProvider } from '../i18n/translation.tsx';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import en from '../../../locales/en.json' with { type: 'json' };
import { createI18n } from '../i18n/createI18n.ts';
import { PULL_THRESHOLD, PullToRefresh } from './PullToRefresh.tsx';

async function setup(onRefresh: () => unknown) {
  const i18n = await createI18n('en');
  const screen = await render(
    <TranslationProvider i18n={i18n}>
      <PullToRefresh onRefresh={onRefresh}>
        <ul aria-label="rows">
          <li>row</li>
        </ul>
      </PullToRefresh>
    </TranslationProvider>,
  );
  const area = document.querySelector<HTMLElement>('.pull-refresh');
  if (!area) throw new Error('no pull area');
  return { screen, area };
}

/** A finger from y0 to y1 on the list, as the phone reports it. */
function drag(area: HTMLElement, y0: number, y1: number, end = true): void {
  const touch = (y: number) => new Touch({ identifier: 1, target: area, clientX: 100, clientY: y });
  area.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(y0)], bubbles: true }));
  area.dispatchEvent(new TouchEvent('touchmove', { touches: [touch(y1)], bubbles: true }));
  if (end) area.dispatchEvent(new TouchEvent('touchend', { touches: [], bubbles: true }));
}

describe('PullToRefresh', () => {
  it('shows how far to pull, says when letting go will refresh, and refreshes once on release', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { screen, area } = await setup(onRefresh);
    drag(area, 100, 120, false);
    await expect.element(screen.getByText(en.pullRefresh.pull)).toBeVisible();
    drag(area, 100, 100 + (PULL_THRESHOLD * 2 + 10));
    await expect.element(screen.getByText(en.pullRefresh.refreshing)).toBeVisible();
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await expect.element(screen.getByRole('button', { name: en.pullRefresh.button })).toBeDisabled();
    finish();
    await expect.element(screen.getByText(en.pullRefresh.refreshing)).not.toBeInTheDocument();
  });

  it('does nothing for a short pull or an upward swipe, and the button refreshes without touch', async () => {
    const onRefresh = vi.fn();
    const { screen, area } = await setup(onRefresh);
    drag(area, 100, 110);
    drag(area, 300, 100);
    expect(onRefresh).not.toHaveBeenCalled();
    await screen.getByRole('button', { name: en.pullRefresh.button }).click();
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
