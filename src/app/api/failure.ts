import { HTTPError, TimeoutError } from 'ky';
import type { ErrorBody } from '../../contract/api.ts';
import type { ErrorKey } from '../../contract/errors.ts';

/** What every failed call rejects with: the server's `{ code, msg, data }` error body, or one shaped like it. */
export type ApiFailure = ErrorBody;

// Same numbers as errorCodes in src/contract/errors.ts (the app may import the contract's types only).
const localCodes = { 'error.network': 6000, 'error.timeout': 6001, 'error.unauthorized': 4010, 'error.internal': 5000 } as const satisfies Partial<
  Record<ErrorKey, number>
>;
const local = (msg: keyof typeof localCodes): ApiFailure => ({ code: localCodes[msg], msg });

function isErrorBody(value: unknown): value is ApiFailure {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { code?: unknown; msg?: unknown };
  return typeof v.code === 'number' && typeof v.msg === 'string' && v.msg !== '';
}

export const isApiFailure = isErrorBody;

/** For a rejection that is not an error body (it should not happen; the client always rejects with one). */
export const networkFailure: ApiFailure = local('error.network');

/** Turns whatever ky threw into the error body; the 401 side effect is the caller's. */
export async function toFailure(error: unknown): Promise<{ failure: ApiFailure; status: number | null }> {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const body: unknown = await error.response.json().catch(() => null);
    if (isErrorBody(body)) return { failure: body, status };
    return { failure: local(status === 401 ? 'error.unauthorized' : 'error.internal'), status };
  }
  if (error instanceof TimeoutError) return { failure: local('error.timeout'), status: null };
  return { failure: local('error.network'), status: null };
}
