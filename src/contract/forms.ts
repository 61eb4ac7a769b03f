// The app's forms, each tied to the request it sends: its fields, the body it builds from what the member typed,
// and the contract's schema for that body. The form checks that body with that schema before sending, and the
// server checks it with the same one, so the screen and the server accept and refuse exactly the same input
// (server/routes/form-agreement.test.ts generates inputs and holds them to it). What a form is and how it is checked:
// form-spec.ts; the order ticket's form is order-form.ts, apart, so the ticket evaluates no schema but its own.
import type { ErrorKey, FieldKey } from './errors.ts';
import { buyLimits, form, underMinimum } from './form-spec.ts';
import { buyReq, redeemReq } from './earn.ts';
import { fieldsOf } from './fields.ts';
import { passkeyName, removeReq } from './passkeys.ts';
import { bindIdcardReq, depositReq, loginReq, refundReq, registerReq, resetPaypwdReq, resetPwdReq, saveBankReq, withdrawalReq } from './user.ts';

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

const withdrawalBody = (paymethod: 'bank' | 'trc20') => (v: Readonly<Record<'amount' | 'payPassword' | 'addressId', string>>) => ({
  paymethod,
  amount: v.amount.trim(),
  payPassword: v.payPassword,
  // Unchosen means the first address, as the server reads a missing addressId.
  ...(paymethod === 'trc20' && v.addressId ? { addressId: Number(v.addressId) } : {}),
});

/** To the bound bank card; `known.minAmount` is common/config's minWithdraw. */
export const bankWithdrawalForm = form({
  path: 'wallet/bankWithdrawal',
  fields: ['amount', 'payPassword', 'addressId'],
  schema: withdrawalReq,
  body: withdrawalBody('bank'),
  limits: underMinimum,
});

/** To a bound TRC20 address (`addressId` is chosen from the member's own). */
export const trcWithdrawalForm = form({
  path: 'wallet/trcWithdrawal',
  fields: ['amount', 'payPassword', 'addressId'],
  schema: withdrawalReq,
  body: withdrawalBody('trc20'),
  limits: underMinimum,
});

/**
 * A deposit, declared in two steps: how and how much first (method, amount), then the transfer's reference and
 * an optional receipt photo (a data URL). `known.minAmount` is common/config's minDeposit.
 */
export const depositForm = form({
  path: 'user/deposit',
  fields: ['method', 'amount', 'reference', 'receipt'],
  schema: depositReq,
  body: (v) => ({
    // A choice on the screen; anything else is refused by the schema, as by the server.
    method: v.method as 'bank' | 'trc20',
    amount: v.amount.trim(),
    reference: v.reference.trim(),
    ...(v.receipt ? { receipt: v.receipt } : {}),
  }),
  limits: underMinimum,
});

const buyBody = (v: Readonly<Record<'productId' | 'amount', string>>) => ({ productId: Number(v.productId), amount: v.amount.trim() });

/** Buying a wealth product: `productId` is the product the sheet was opened for; `known` has its minimum and maximum. */
export const wealthBuyForm = form({ path: 'wealth/buy', fields: ['productId', 'amount'], schema: buyReq, body: buyBody, limits: buyLimits });

/** A lock-up pledge of a pledge product, as wealthBuyForm. */
export const pledgeForm = form({ path: 'Defi/orderMoney', fields: ['productId', 'amount'], schema: buyReq, body: buyBody, limits: buyLimits });

/** Real-name identity: `front` and `back` are the photos as data URLs, once the phone has shrunk them. */
export const identityForm = form({
  path: 'user/bind_idcard',
  fields: ['realName', 'idNumber', 'front', 'back'],
  schema: bindIdcardReq,
  body: (v) => ({ realName: v.realName.trim(), idNumber: v.idNumber.trim(), front: v.front, back: v.back }),
});

/** A passkey's name, checked before the browser's ceremony starts, by the schema the server checks it with. */
export function passkeyNameRefusal(name: string): FieldKey | ErrorKey | null {
  const parsed = passkeyName.safeParse(name);
  return parsed.success ? null : (fieldsOf(parsed.error)['_'] ?? 'field.invalid');
}

/** Removing a passkey with the login password: `id` is the passkey the sheet was opened for. */
export const removePasskeyForm = form({
  path: 'passkey/remove',
  fields: ['id', 'loginPassword'],
  schema: removeReq,
  body: (v) => ({ id: Number(v.id), loginPassword: v.loginPassword }),
});
