import type { LedgerType } from '../../../contract/user.ts';

/** Fails to compile unless the list names every ledger type of the contract. */
type Exactly<Union, List extends readonly Union[]> = [Exclude<Union, List[number]>] extends [never] ? true : false;
type Assert<T extends true> = T;

/** The filter's choices, in the order a member thinks of them (the app may import contract types only). */
export const ledgerTypes = [
  'deposit', 'withdraw_freeze', 'withdraw_unfreeze', 'withdraw', 'order_stake', 'order_fee', 'order_payout',
  'wealth_buy', 'wealth_profit', 'wealth_principal', 'pledge_buy', 'pledge_profit', 'pledge_principal',
  'cashback', 'refund', 'adjust',
] as const satisfies readonly LedgerType[];
export type LedgerTypesComplete = Assert<Exactly<LedgerType, typeof ledgerTypes>>;

export const isLedgerType = (s: string): s is LedgerType => (ledgerTypes as readonly string[]).includes(s);
