/**
 * The one formatter: money, prices, percentages, dates and times in the member's language,
 * built on memoised Intl formatters. Every screen formats through here.
 */
export { formatChange, formatDecimal, formatInteger, formatMoney, formatPercent, formatPrice, rateToPercent } from './numbers.ts';
export { formatClock, formatDate, formatDateTime, formatTime, formatWeekdayTime } from './dates.ts';
