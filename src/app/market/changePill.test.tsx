// Every change pill (up, down, flat) stays readable in both themes: WCAG AA, 4.5:1, from the app's own CSS.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import '../styles/base.css';
import '../styles/rise-fall.css';
import './market.css';

/** Relative luminance of a computed `rgb(r, g, b)` colour (WCAG 2.x). */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(el: Element): number {
  const style = getComputedStyle(el);
  const [hi, lo] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

afterEach(() => {
  delete document.documentElement.dataset['theme'];
});

describe('change pills', () => {
  it.each(['light', 'dark'] as const)('meet 4.5:1 in the %s theme, the flat one included', async (theme) => {
    document.documentElement.dataset['theme'] = theme;
    const screen = await render(
      <div>
        {(['up', 'down', 'flat'] as const).map((trend) => (
          <span key={trend} className={`change-pill change-pill--${trend}`} data-trend={trend}>
            0.00%
          </span>
        ))}
      </div>,
    );
    const ratios = Object.fromEntries([...screen.container.querySelectorAll('[data-trend]')].map((el) => [el.getAttribute('data-trend'), contrast(el)]));
    for (const trend of ['up', 'down', 'flat']) expect(ratios[trend], `${trend} in ${theme}`).toBeGreaterThanOrEqual(4.5);
  });
});
