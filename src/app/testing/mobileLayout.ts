import { expect } from 'vitest';

/** Mobile-first checks at the test viewport (360 × 640): nothing scrolls sideways, every control is a 44 px target. */
export function expectMobileLayout(root: ParentNode = document): void {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  const controls = [...root.querySelectorAll<HTMLElement>('a, button, input:not([type=radio]), textarea, summary')].filter((el) => el.getClientRects().length > 0);
  expect(controls.length).toBeGreaterThan(0);
  const small = controls.filter((el) => el.getBoundingClientRect().height < 44).map((el) => el.outerHTML.slice(0, 100));
  expect(small).toEqual([]);
}
