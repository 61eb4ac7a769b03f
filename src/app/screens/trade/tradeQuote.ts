import { fromCents, parseCents, parseRatePpm, tradeFee, tradeGain } from '../../../shared/money.ts';

export interface TradeTerms {
  readonly feeRate: string;
  readonly minAmount: string;
  readonly maxAmount: string;
}

/** A locale key: the spec's two amount messages. */
export type AmountError = 'error.amount_required' | 'error.amount_incorrect';

/** Empty → "Please Enter The Amount"; not an amount, zero, or outside the product's limits → "Incorrect Amount". */
export function validateTradeAmount(amount: string, terms: TradeTerms): AmountError | null {
  const text = amount.trim();
  if (text === '') return 'error.amount_required';
  const cents = parseCents(text);
  const min = parseCents(terms.minAmount);
  const max = parseCents(terms.maxAmount);
  if (cents === null || cents <= 0n) return 'error.amount_incorrect';
  if ((min !== null && cents < min) || (max !== null && cents > max)) return 'error.amount_incorrect';
  return null;
}

export interface TradeQuote {
  readonly amount: string;
  readonly fee: string;
  /** Amount plus fee: what leaves the balance now. */
  readonly debit: string;
  /** Returned if the direction is right: amount + amount × payout rate. */
  readonly payout: string;
}

/**
 * The server's own rules (src/shared/money.ts: tradeFee rounds the fee up, tradeGain the win down), so the quote
 * is what the order will cost and pay. Null for an amount that is not valid.
 */
export function quoteTrade(amount: string, terms: TradeTerms, payoutRate: string): TradeQuote | null {
  const cents = parseCents(amount.trim());
  const feePpm = parseRatePpm(terms.feeRate);
  const payoutPpm = parseRatePpm(payoutRate);
  if (cents === null || cents <= 0n || feePpm === null || payoutPpm === null) return null;
  const fee = tradeFee(cents, feePpm);
  const gain = tradeGain(cents, payoutPpm);
  return { amount: fromCents(cents), fee: fromCents(fee), debit: fromCents(cents + fee), payout: fromCents(cents + gain) };
}
