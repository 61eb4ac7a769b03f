import { HTTPError, TimeoutError } from 'ky';
import type { ErrorBody } from '../../contract/api.ts';
import { errorCodes, errorKeys, type ErrorKey, type FieldKey } from '../../contract/errors.ts';

/** What every failed call rejects with: the server's `{ code, msg, data }` error body, or one shaped like it. */
export type ApiFailure = ErrorBody;

/**
 * A failure the app itself decides (no network, a photo it cannot read), shaped and numbered as the server's own:
 * the code comes from the contract's one table, and `fields` puts the message under those fields.
 */
export function localFailure(msg: ErrorKey, fields?: Readonly<Record<string, FieldKey | ErrorKey>>): ApiFailure {
  return { code: errorCodes[msg], msg, ...(fields ? { data: { fields: { ...fields } } } : {}) };
}
const local = (msg: ErrorKey): ApiFailure => localFailure(msg);

const known = new Set<string>(errorKeys);
/** An answer is an error body when it carries a number and one of the contract's error keys. */
function isErrorBody(value: unknown): value is ApiFailure {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { code?: unknown; msg?: unknown };
  return typeof v.code === 'number' && typeof v.msg === 'string' && known.has(v.msg);
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
