import type { ChartTheme } from '../../charts/chart-look.ts';

/** The chart's colours from the app's CSS variables (base.css) and the page's font, so the chart matches the page. */
export function chartTheme(): ChartTheme {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--surface', '#18202a'),
    text: read('--muted', '#97a3b0'),
    grid: read('--line', '#2c3845'),
    up: read('--up', '#17c784'),
    down: read('--down', '#f0475a'),
    fontFamily: css.fontFamily || 'sans-serif',
  };
}
