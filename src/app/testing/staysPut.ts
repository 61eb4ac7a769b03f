import { expect } from 'vitest';
import type { Locator } from 'vitest/browser';

/**
 * A late answer must not move what the member may already be tapping: `element`'s top before `answer()` and once
 * `arrived` is on the page are the same (in the real browser's layout).
 */
export async function expectStaysPut(element: Locator, answer: () => void, arrived: Locator): Promise<void> {
  await expect.element(element).toBeVisible();
  const before = element.element().getBoundingClientRect().top;
  answer();
  await expect.element(arrived).toBeInTheDocument();
  expect(element.element().getBoundingClientRect().top).toBe(before);
}
