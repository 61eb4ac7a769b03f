/**
 * The one formatter: money, prices, percentages, signs, dates, times and countdowns in the member's language.
 * Every number a member sees is written here: decimals exactly, from the decimal string (decimal.ts), and the
 * clock from the Date's fields, without Intl on the first screens; dates through memoised Intl formatters.
 */
export { formatChange, formatDecimal, formatInteger, formatMoney, formatPercent, formatPrice, formatPriceAsWritten, formatSignedMoney, rateToPercent, trendOf } from './numbers.ts';
export { formatClock, formatDate, formatDateTime, formatTime, formatWeekdayTime } from './dates.ts';
export { formatRemaining } from './duration.ts';
