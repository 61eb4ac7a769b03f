import { errorCodes, type ErrorKey, type FieldKey } from '../../src/contract/errors.ts';

const statusOf: Partial<Record<ErrorKey, number>> = {
  'error.unauthorized': 401,
  'error.session_idle': 401,
  'error.session_unknown': 404,
  'error.not_found': 404,
  'error.product_unknown': 404,
  'error.rate_limited': 429,
  'error.payload_too_large': 413,
  'error.image_too_large': 413,
  'error.idempotency_conflict': 422,
  'error.insufficient_balance': 409,
  'error.username_taken': 409,
  'error.phone_taken': 409,
  'error.review_pending': 409,
  'error.already_verified': 409,
  'error.pay_password_locked': 423,
  'error.internal': 500,
  'error.passkey_exists': 409,
  'error.passkey_limit': 409,
};

/** A business error: answered as `{ code, msg: key, data?: { fields } }` with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(
    readonly key: ErrorKey,
    readonly fields?: Record<string, FieldKey | ErrorKey>,
    status?: number,
  ) {
    super(key);
    this.status = status ?? statusOf[key] ?? 400;
    this.code = errorCodes[key];
  }
  body() {
    return { code: this.code, msg: this.key, ...(this.fields ? { data: { fields: this.fields } } : {}) };
  }
}

export const fieldError = (field: string, key: FieldKey | ErrorKey, top: ErrorKey = 'error.validation') =>
  new ApiError(top, { [field]: key });
