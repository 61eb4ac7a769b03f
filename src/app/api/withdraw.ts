import type { Envelope, Req, Res } from '../../contract/api.ts';
import type { ApiClient, CallOptions } from './client.ts';

/** The withdrawal form's payload; `Authorization` may carry a token, which the client moves into the header. */
export type WithdrawPayload = Omit<Req<'wallet/bankWithdrawal'>, 'Authorization'> & { Authorization?: string };

/** Spec 7: bank withdrawals go to wallet/bankWithdrawal, every other method to wallet/trcWithdrawal. */
export function withdraw(client: ApiClient, payload: WithdrawPayload, options?: CallOptions): Promise<Envelope<Res<'wallet/bankWithdrawal'>>> {
  // The contract types the body's Authorization as blank; the client blanks it before sending.
  const body = payload as Req<'wallet/bankWithdrawal'>;
  return payload.paymethod === 'bank'
    ? client.call('wallet/bankWithdrawal', body, options)
    : client.call('wallet/trcWithdrawal', body, options);
}
