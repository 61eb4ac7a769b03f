import { formRefusals } from '../../../contract/form-spec.ts';
import { orderForm } from '../../../contract/order-form.ts';
import { cents, fromCents, parseCents, parseRatePpm, tradeFee, tradeGain } from '../../../shared/money.ts';

export interface TradeTerms {
  readonly feeRate: string;
  readonly minAmount: string;
  readonly maxAmount: string;
}

/** A locale key: the spec's two amount messages. */
export type AmountError = 'error.amount_required' | 'error.amount_incorrect';

/**
 * The order form's check of the amount (the contract's rule and the product's limits, as the server checks them),
 * told in the spec's two messages: empty → "Please Enter The Amount", anything else refused → "Incorrect Amount".
 */
export function tradeAmountError(values: { readonly productId: number; readonly direction: 'rise' | 'fall'; readonly cycle: number; readonly amount: string }, terms: TradeTerms): AmountError | null {
  const typed = { productId: String(values.productId), direction: values.direction, cycle: String(values.cycle), amount: values.amount };
  const refused = formRefusals(orderForm, typed, { minAmount: terms.minAmount, maxAmount: terms.maxAmount }, ['amount']).amount;
  if (refused === undefined) return null;
  return refused === 'field.required' ? 'error.amount_required' : 'error.amount_incorrect';
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
  const stake = parseCents(amount.trim());
  const feePpm = parseRatePpm(terms.feeRate);
  const payoutPpm = parseRatePpm(payoutRate);
  if (stake === null || stake <= 0n || feePpm === null || payoutPpm === null) return null;
  const fee = tradeFee(stake, feePpm);
  const gain = tradeGain(stake, payoutPpm);
  return { amount: fromCents(stake), fee: fromCents(fee), debit: fromCents(cents(stake + fee)), payout: fromCents(cents(stake + gain)) };
}
