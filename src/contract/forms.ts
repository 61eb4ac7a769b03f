// The app's forms, each tied to the request it sends: its fields, the body it builds from what the member typed,
// and the contract's schema for that body. The form checks that body with that schema before sending, and the
// server checks it with the same one, so the screen and the server accept and refuse exactly the same input
// (server/routes/form-agreement.test.ts generates inputs and holds them to it).
import type { z } from 'zod';
import type { ApiPath, Req } from './api.ts';
import type { ErrorKey, FieldKey } from './errors.ts';
import { redeemReq } from './earn.ts';
import { fieldsOf } from './fields.ts';
import { loginReq, refundReq, registerReq, resetPaypwdReq, resetPwdReq, saveBankReq } from './user.ts';

export interface FormSpec<F extends string, P extends ApiPath = ApiPath> {
  /** The request the form sends. */
  readonly path: P;
  /** The fields the member fills in, in screen order. */
  readonly fields: readonly F[];
  /** The contract's schema for the body. */
  readonly schema: z.ZodType;
  /** The body the form sends for these values: what is checked is exactly what is sent. */
  body(values: Readonly<Record<F, string>>): Req<P>;
}

/** Why each field is refused (a locale key), as the server would answer it in `data.fields`; empty when the form may be sent. */
export function formRefusals<F extends string>(spec: FormSpec<F, ApiPath>, values: Readonly<Record<F, string>>): Partial<Record<F, FieldKey | ErrorKey>> {
  const parsed = spec.schema.safeParse(spec.body(values));
  if (parsed.success) return {};
  const all = fieldsOf(parsed.error);
  const out: Partial<Record<F, FieldKey | ErrorKey>> = {};
  for (const field of spec.fields) {
    const reason = all[field];
    if (reason) out[field] = reason;
  }
  return out;
}

const form = <const F extends string, P extends ApiPath>(spec: FormSpec<F, P>): FormSpec<F, P> => spec;

export const loginForm = form({
  path: 'user/login',
  fields: ['username', 'password'],
  schema: loginReq,
  body: (v) => ({ username: v.username.trim(), password: v.password }),
});

export const registerForm = form({
  path: 'user/register',
  fields: ['username', 'phone', 'password', 'confirmPassword', 'inviteCode'],
  schema: registerReq,
  body: (v) => ({ username: v.username.trim(), phone: v.phone.trim(), password: v.password, confirmPassword: v.confirmPassword, inviteCode: v.inviteCode.trim() }),
});

export const loginPasswordForm = form({
  path: 'user/reset_pwd',
  fields: ['oldPassword', 'newPassword', 'confirmPassword'],
  schema: resetPwdReq,
  body: (v) => ({ oldPassword: v.oldPassword, newPassword: v.newPassword, confirmPassword: v.confirmPassword }),
});

/** A first payment password: the member proves it is them with the login password. */
export const setPayPasswordForm = form({
  path: 'user/reset_paypwd',
  fields: ['loginPassword', 'newPayPassword', 'confirmPayPassword'],
  schema: resetPaypwdReq,
  body: (v) => ({ loginPassword: v.loginPassword, newPayPassword: v.newPayPassword, confirmPayPassword: v.confirmPayPassword }),
});

/** A new payment password in place of the current one, which proves it is them. */
export const changePayPasswordForm = form({
  path: 'user/reset_paypwd',
  fields: ['oldPayPassword', 'newPayPassword', 'confirmPayPassword'],
  schema: resetPaypwdReq,
  body: (v) => ({ oldPayPassword: v.oldPayPassword, newPayPassword: v.newPayPassword, confirmPayPassword: v.confirmPayPassword }),
});

export const bankCardForm = form({
  path: 'user/save_bank',
  fields: ['bankName', 'cardNumber', 'accountName', 'branch', 'city', 'province'],
  schema: saveBankReq,
  body: (v) => ({
    kind: 'bank',
    bankName: v.bankName,
    // Spaces and dashes a member types between the digits are not part of the number.
    cardNumber: v.cardNumber.replace(/[\s-]/g, ''),
    accountName: v.accountName.trim(),
    branch: v.branch.trim(),
    city: v.city.trim(),
    province: v.province.trim(),
  }),
});

/** The shape only: the checksum (async, WebCrypto) is checked on submit and by the server (src/shared/trc20.ts). */
export const addressForm = form({
  path: 'user/save_bank',
  fields: ['address'],
  schema: saveBankReq,
  body: (v) => ({ kind: 'trc20', address: v.address.trim() }),
});

export const refundForm = form({
  path: 'wallet/submit',
  fields: ['nationality', 'name', 'idNumber', 'lostAmount', 'refundNumber', 'payPassword'],
  schema: refundReq,
  body: (v) => ({
    nationality: v.nationality.trim(),
    name: v.name.trim(),
    idNumber: v.idNumber.trim(),
    lostAmount: v.lostAmount.trim(),
    refundNumber: v.refundNumber.trim(),
    payPassword: v.payPassword,
  }),
});

/** Redeeming a holding early: `holdingId` is the holding the sheet was opened for, not something the member types. */
export const redeemForm = form({
  path: 'wealth/submit',
  fields: ['holdingId', 'payPassword'],
  schema: redeemReq,
  body: (v) => ({ holdingId: Number(v.holdingId), payPassword: v.payPassword }),
});
