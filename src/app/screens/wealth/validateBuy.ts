import { parseCents } from '../../../shared/money.ts';
import type { EarnProduct } from './types.ts';

/** A locale key; the sheet fills in {{minimum}}, {{maximum}} and {{available}}. */
export type AmountError = 'prompt.amount' | 'error.amount_incorrect' | 'earn.error_below_minimum' | 'earn.error_above_maximum' | 'earn.error_above_balance';

/**
 * Everything the member can be told before sending: the same amount rule as the server (at most two decimals,
 * more than zero), the product's single minimum and maximum, and the available balance when it is known.
 */
export function validateAmount(amount: string, product: Pick<EarnProduct, 'minAmount' | 'maxAmount'>, available: string | null): AmountError | null {
  const text = amount.trim();
  if (text === '') return 'prompt.amount';
  const cents = parseCents(text);
  if (cents === null || cents === 0n) return 'error.amount_incorrect';
  const min = parseCents(product.minAmount);
  const max = parseCents(product.maxAmount);
  if (min !== null && cents < min) return 'earn.error_below_minimum';
  if (max !== null && cents > max) return 'earn.error_above_maximum';
  const have = available === null ? null : parseCents(available);
  if (have !== null && cents > have) return 'earn.error_above_balance';
  return null;
}
