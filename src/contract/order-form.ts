// The order ticket's form, apart from the app's other forms (forms.ts): the ticket loads late on /xq, and importing it
// evaluates the order's schema only, not every form's.
import { buyLimits, form } from './form-spec.ts';
import { orderCreateReq } from './order-request.ts';

/**
 * A rise/fall order: the product, direction and cycle are the ticket's choices, the amount is typed; `known` has the
 * product's single minimum and maximum.
 */
export const orderForm = form({
  path: 'order/create',
  fields: ['productId', 'direction', 'cycle', 'amount'],
  schema: orderCreateReq,
  body: (v) => ({
    productId: Number(v.productId),
    // A choice on the ticket; anything else is refused by the schema, as by the server.
    direction: v.direction as 'rise' | 'fall',
    amount: v.amount.trim(),
    cycle: Number(v.cycle),
  }),
  limits: buyLimits,
});
