// Kept for the market screens until they import src/app/format directly.
export { formatDecimal, formatMoney } from '../format/index.ts';
