import type { ApiPath, CachedPath, GetPath, IdempotentPath } from '../contract/api.ts';

/** Fails to compile unless the list names exactly the paths of the union. */
type Exactly<Union, List extends readonly Union[]> = [Exclude<Union, List[number]>] extends [never] ? true : false;
type Assert<T extends true> = T;

/** Spec 7: the three GETs; every other path is a POST with a JSON body. */
export const getPaths = ['user/idcard', 'common/notice', 'wealth/details'] as const satisfies readonly GetPath[];
export type GetPathsComplete = Assert<Exactly<GetPath, typeof getPaths>>;

/** Paths that move money: each call carries an Idempotency-Key (decisions.md, Retries). */
export const idempotentPaths = [
  'user/deposit',
  'wallet/bankWithdrawal',
  'wallet/trcWithdrawal',
  'wallet/submit',
  'wealth/submit',
  'wealth/buy',
  'Defi/orderMoney',
  'order/create',
] as const satisfies readonly IdempotentPath[];
export type IdempotentPathsComplete = Assert<Exactly<IdempotentPath, typeof idempotentPaths>>;

/** Spec 7: these payloads carry `Authorization`; the client moves it into the header and blanks it. */
export const authInBodyPaths = ['wallet/bankWithdrawal', 'wallet/trcWithdrawal', 'Defi/myOrder', 'Defi/orderMoney'] as const satisfies readonly ApiPath[];

/**
 * The contract's public market reads (`cached`): the same answer for everyone in a given second. The Record makes
 * the compiler check that this names exactly the contract's list.
 */
const MARKET_READS: Readonly<Record<CachedPath, true>> = { 'product/list': true, 'product/details': true, 'product/kdata': true, 'product/trunover': true };
export const isMarketRead = (path: ApiPath): path is CachedPath => Object.hasOwn(MARKET_READS, path);

const has = (list: readonly string[], path: string) => list.includes(path);
export const isGetPath = (path: ApiPath): boolean => has(getPaths, path);
export const isIdempotentPath = (path: ApiPath): boolean => has(idempotentPaths, path);
export const isAuthInBodyPath = (path: ApiPath): boolean => has(authInBodyPaths, path);
