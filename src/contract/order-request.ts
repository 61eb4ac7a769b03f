// The order's request, apart from the rest of market.ts (which re-exports it): the order ticket checks what it sends
// with this schema, and importing it builds no other.
import { z } from 'zod';
import { amountInput, id } from './primitives.ts';

export const direction = z.enum(['rise', 'fall']);
export type Direction = z.infer<typeof direction>;

/** The price the member's screen showed at Confirm (bounded: it is stored), as the quote gave it. */
export const seenPriceInput = z.string().max(24, 'field.invalid').regex(/^\d{1,15}(\.\d{1,8})?$/, 'field.invalid');
/**
 * `seenPrice`: the price on the member's screen at Confirm. The order still opens at the last recorded tick at the
 * server's receipt; the order shows both when they differ.
 */
export const orderCreateReq = z.object({
  productId: id,
  direction,
  amount: amountInput,
  cycle: z.number({ error: 'field.required' }).int().positive().max(86_400),
  seenPrice: seenPriceInput.optional(),
});
