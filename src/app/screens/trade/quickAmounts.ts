import { cents, fromCents, parseCents } from '../../../shared/money.ts';
import type { TradeTerms } from './tradeQuote.ts';

const CHIPS = ['10.00', '50.00', '100.00', '500.00', '1000.00'];
/** How many quick amounts fit one row at 320 px. */
export const QUICK_AMOUNT_COUNT = 4;

/** The quick amounts inside the product's limits (its minimum when none of the usual ones fits). */
export function quickAmounts(terms: TradeTerms): string[] {
  const min = parseCents(terms.minAmount) ?? cents(0n);
  const max = parseCents(terms.maxAmount) ?? 0n;
  const fit = CHIPS.filter((c) => {
    const amount = parseCents(c) ?? 0n;
    return amount >= min && amount <= max;
  });
  return (fit.length > 0 ? fit : [fromCents(min)]).slice(0, QUICK_AMOUNT_COUNT);
}
