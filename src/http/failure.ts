import type { ErrorBody } from '../contract/api.ts';
import { errorCodes, errorKeys, type ErrorKey, type FieldKey } from '../contract/errors.ts';

type Fields = Readonly<Record<string, FieldKey | ErrorKey>>;

/**
 * What every failed call rejects with, on the page and in the worker: the server's `{ code, msg, data }` error
 * body, or one shaped and numbered like it. Its own enumerable fields are exactly the body's, so it compares and
 * shows as the body; the HTTP status it came with (0: no answer, or a failure the app decided) is kept apart.
 */
export class ApiFailure implements ErrorBody {
  readonly code: number;
  readonly msg: ErrorKey;
  declare readonly data?: { fields?: Fields };
  readonly #status: number;

  constructor(status: number, body: ErrorBody) {
    this.#status = status;
    this.code = body.code;
    this.msg = body.msg;
    if (body.data !== undefined) this.data = body.data;
  }

  /** The HTTP status of the answer; 0 when there was none (network, timeout) or the app decided it. */
  get status(): number {
    return this.#status;
  }
  /** The error key (`msg`), under the name the worker's callers read. */
  get key(): ErrorKey {
    return this.msg;
  }
  /** Per-field error keys the server sent with a validation or business error. */
  get fields(): Fields {
    return this.data?.fields ?? {};
  }
}

/**
 * A failure the app itself decides (no network, a photo it cannot read), numbered from the contract's one table;
 * `fields` puts the message under those fields.
 */
export function localFailure(msg: ErrorKey, fields?: Fields): ApiFailure {
  return new ApiFailure(0, { code: errorCodes[msg], msg, ...(fields ? { data: { fields: { ...fields } } } : {}) });
}

const known = new Set<string>(errorKeys);
/** An answer is an error body when it carries a number and one of the contract's error keys. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { code?: unknown; msg?: unknown };
  return typeof v.code === 'number' && typeof v.msg === 'string' && known.has(v.msg);
}

/** The one reading of a failed answer: its error body when it sent one, else what its status says. */
export function answerFailure(status: number, body: unknown): ApiFailure {
  if (isErrorBody(body)) return new ApiFailure(status, body);
  const fallback = localFailure(status === 401 ? 'error.unauthorized' : 'error.internal');
  return new ApiFailure(status, fallback);
}

export const networkFailure: ApiFailure = localFailure('error.network');
export const timeoutFailure: ApiFailure = localFailure('error.timeout');

/** Whatever a call rejected with, as the failure to show (an error body thrown by hand counts as one). */
export function asApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  return isErrorBody(error) ? new ApiFailure(0, error) : networkFailure;
}
