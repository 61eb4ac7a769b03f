import type { ApiPath, GetPath, IdempotentPath } from '../../contract/api.ts';

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

const has = (list: readonly string[], path: string) => list.includes(path);
export const isGetPath = (path: ApiPath): boolean => has(getPaths, path);
export const isIdempotentPath = (path: ApiPath): boolean => has(idempotentPaths, path);
export const isAuthInBodyPath = (path: ApiPath): boolean => has(authInBodyPaths, path);
