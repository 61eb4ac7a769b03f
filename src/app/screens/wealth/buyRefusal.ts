import { formRefusals } from '../../../contract/form-spec.ts';
import { pledgeForm, wealthBuyForm } from '../../../contract/forms.ts';
import { parseCents } from '../../../shared/money.ts';
import type { EarnProduct } from './types.ts';

/** A locale key; the sheet fills in {{minimum}}, {{maximum}} and {{available}}. */
export type BuyRefusal = 'prompt.amount' | 'field.amount_format' | 'earn.error_below_minimum' | 'earn.error_above_maximum' | 'earn.error_above_balance';

/** The form a product is bought with: a pledge through Defi/orderMoney, anything else through wealth/buy. */
export const formOf = (product: Pick<EarnProduct, 'family'>) => (product.family === 'pledge' ? pledgeForm : wealthBuyForm);

/**
 * What the member can be told before sending: the contract's amount rule and the product's single minimum and
 * maximum, as the server checks them (the buy form's limits), then the available balance when it is known (the
 * server refuses a short balance for the whole request, not for the field).
 */
export function buyRefusal(amount: string, product: Pick<EarnProduct, 'id' | 'family' | 'minAmount' | 'maxAmount'>, available: string | null): BuyRefusal | null {
  const refused = formRefusals(formOf(product), { productId: String(product.id), amount }, { minAmount: product.minAmount, maxAmount: product.maxAmount }).amount;
  if (refused === 'field.required') return 'prompt.amount';
  if (refused === 'error.below_minimum') return 'earn.error_below_minimum';
  if (refused === 'error.above_maximum') return 'earn.error_above_maximum';
  if (refused) return 'field.amount_format';
  const cents = parseCents(amount);
  const have = available === null ? null : parseCents(available);
  return cents !== null && have !== null && cents > have ? 'earn.error_above_balance' : null;
}
