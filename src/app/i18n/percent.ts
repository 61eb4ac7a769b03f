// Kept for callers not yet moved to src/app/format (issue 11 item 6).
export { formatPercent, rateToPercent } from '../format/index.ts';
