// The chart takes the page's look from the page itself: its colours from base.css's variables, its font from the root.
import { afterEach, describe, expect, it } from 'vitest';
import { chartTheme } from './chartTheme.ts';

const root = document.documentElement;
afterEach(() => {
  root.style.removeProperty('font-family');
  root.style.removeProperty('--up');
});

describe('chartTheme', () => {
  it("writes the chart's labels in the page's font list and its candles in the page's colours", () => {
    root.style.setProperty('font-family', "'Noto Sans', Georgia, serif");
    root.style.setProperty('--up', '#00ff00');
    const theme = chartTheme();
    expect(theme.fontFamily).toBe('"Noto Sans", Georgia, serif');
    expect(theme.up).toBe('#00ff00');
  });
});
