// Kept for the market screens until they import src/app/format directly (issue 11 item 6).
export { formatDecimal, formatMoney } from '../format/index.ts';
