import type { ReactElement } from 'react';

// Decorative outline icons; the text next to them (or aria-label) names the action. Each is one element made once:
// no component runs for it, and a parent's re-render skips it (the same element as last time).
const icon = (d: string): ReactElement => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);

export const backIcon = icon('M15 5l-7 7 7 7');
export const homeIcon = icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z');
export const marketIcon = icon('M3 20h18M6 16l4-5 3 3 5-7');
export const wealthIcon = icon('M12 3v18M17 7H9.5a2.5 2.5 0 0 0 0 5h5a2.5 2.5 0 0 1 0 5H6');
export const supportIcon = icon('M4 5h16v11H8l-4 4z');
export const mineIcon = icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0');
export const chevronIcon = icon('M9 5l7 7-7 7');
