import { formRefusals } from '../../contract/form-spec.ts';
import { depositForm } from '../../contract/forms.ts';

export type Method = 'bank' | 'trc20';
const isMethod = (s: string | null): s is Method => s === 'bank' || s === 'trc20';

/** Step 2 carries the choice in its address, so a reload or a shared link keeps it. */
export const depositStepPath = (method: Method, amount: string): string => `/recharge2?${new URLSearchParams({ method, amount }).toString()}`;

/** The step-1 choice read back from the address; null when it is missing or altered. */
export function readDepositStep(params: URLSearchParams): { method: Method; amount: string } | null {
  const method = params.get('method');
  const amount = params.get('amount') ?? '';
  if (!isMethod(method)) return null;
  const refused = formRefusals(depositForm, { method, amount, reference: '', receipt: '' }, {}, ['method', 'amount']);
  return Object.keys(refused).length === 0 ? { method, amount } : null;
}
