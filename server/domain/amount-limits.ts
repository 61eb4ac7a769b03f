import { buyLimits, underMinimum } from '../../src/contract/form-spec.ts';
import { cents, fromCents, type Cents } from '../../src/shared/money.ts';
import { ApiError, fieldError } from '../http/errors.ts';

// The contract states the amount rules once (the forms check them the same way before sending); the server
// answers by them here, from its stored figures.

/** A product's minimum and maximum for an amount: the field error the server answers, or null within the limits. */
export function amountRefusal(amount: Cents, product: { readonly minAmount: bigint; readonly maxAmount: bigint }): ApiError | null {
  const reason = buyLimits({ amount: fromCents(amount) }, { minAmount: fromCents(cents(product.minAmount)), maxAmount: fromCents(cents(product.maxAmount)) }).amount;
  return reason ? fieldError('amount', reason, reason) : null;
}

/** A deposit's or withdrawal's minimum (common/config's): the error the server answers, or null at or above it. */
export function minimumRefusal(amount: Cents, minimum: Cents): ApiError | null {
  const reason = underMinimum({ amount: fromCents(amount) }, { minAmount: fromCents(minimum) }).amount;
  return reason ? new ApiError(reason, { amount: reason }) : null;
}
