import { z } from 'zod';
import {
  blankedAuthorization, epochMs, id, imageDataUrl, loginPassword, money, page, password,
  payPassword, phone, requiredText, reviewStatus, username,
} from './primitives.ts';
import { passkeyAssertion, whenObject } from './webauthn.ts';

export const registerReq = z
  .object({
    username,
    phone,
    password,
    confirmPassword: z.string({ error: 'field.required' }).min(1, 'field.required'),
    inviteCode: requiredText(16),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'field.confirm_mismatch' });
export const session = z.object({ accessToken: z.string(), expiresAt: epochMs });
export const loginReq = z.object({ username: requiredText(18), password: loginPassword });

export const userDetails = z.object({
  id: z.number().int(),
  username: z.string(),
  phone: z.string(),
  inviteCode: z.string(),
  level: z.number().int().min(1).max(9),
  verified: z.boolean(),
  hasPayPassword: z.boolean(),
  registeredAt: epochMs,
  currency: z.string(),
  balance: money,
  available: money,
  frozen: money,
});
export type UserDetails = z.infer<typeof userDetails>;

export const bankCardInput = z.object({
  kind: z.literal('bank'),
  bankName: requiredText(64),
  cardNumber: z.string({ error: 'field.required' }).trim().min(1, 'field.required').regex(/^\d{8,30}$/, 'field.card_format'),
  accountName: requiredText(64),
  branch: requiredText(128),
  city: requiredText(64),
  province: requiredText(64),
});
/** A TRC20 address: base58check, 34 characters starting with T; the checksum is verified on both sides. */
export const addressInput = z.object({
  kind: z.literal('trc20'),
  address: z.string({ error: 'field.required' }).trim().min(1, 'field.required').regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'field.address_format'),
});
export const saveBankReq = z.discriminatedUnion('kind', [bankCardInput, addressInput]);
/** A bound card in answers: the card number is masked to its last 4 digits ("**** 1234"). */
export const bankCard = bankCardInput.omit({ kind: true }).extend({ id: z.number().int(), cardNumber: z.string() });
export const withdrawAddress = z.object({ id: z.number().int(), network: z.literal('TRC20'), address: z.string() });
export const userWallets = z.object({ bank: bankCard.nullable(), addresses: z.array(withdrawAddress) });

export const paymentMethod = z.enum(['bank', 'trc20']);
/**
 * The amount of a deposit, withdrawal or refund request: amountInput's shape, but with the spec's own messages
 * ("Please Enter The Amount", "Incorrect Amount") as the field reasons.
 */
export const requestAmount = z
  .string({ error: 'error.amount_required' })
  .trim()
  .min(1, 'error.amount_required')
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/, 'error.amount_incorrect')
  .refine((s) => !/^0(\.0{1,2})?$/.test(s), 'error.amount_incorrect');
export const depositReq = z.object({
  method: paymentMethod,
  amount: requestAmount,
  reference: requiredText(128),
  receipt: imageDataUrl.optional(),
});
export const reviewItem = z.object({
  id: z.number().int(),
  kind: z.enum(['deposit', 'withdrawal', 'refund']),
  method: z.string(),
  amount: money,
  status: reviewStatus,
  reason: z.string().nullable(),
  createdAt: epochMs,
  decidedAt: epochMs.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const bindIdcardReq = z.object({
  realName: requiredText(64),
  idNumber: z.string({ error: 'field.required' }).trim().min(1, 'field.required').regex(/^[A-Za-z0-9-]{5,32}$/, 'field.invalid'),
  front: imageDataUrl,
  back: imageDataUrl,
});
export const idcardStatus = z.object({
  status: z.enum(['none', 'review', 'approved', 'denied']),
  realName: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAt: epochMs.nullable(),
});

export const balanceList = z.object({
  currency: z.string(),
  balance: money,
  available: money,
  frozen: money,
  /** Deposits, withdrawals and refund requests of this member, newest first, with their review status. */
  requests: z.array(reviewItem),
});

export const resetPwdReq = z
  .object({ oldPassword: loginPassword, newPassword: password, confirmPassword: z.string({ error: 'field.required' }).min(1, 'field.required') })
  .refine((b) => b.newPassword === b.confirmPassword, { path: ['confirmPassword'], message: 'field.confirm_mismatch' });

/** First time: prove it is you with the login password. Afterwards: the current 6-digit password. */
export const resetPaypwdReq = z
  .object({
    loginPassword: loginPassword.optional(),
    oldPayPassword: payPassword.optional(),
    /** Instead of the current one when changing it: a passkey step-up for this new PIN (purpose `pay_password`). */
    passkey: passkeyAssertion.optional(),
    newPayPassword: payPassword,
    confirmPayPassword: z.string({ error: 'field.required' }).min(1, 'field.required'),
  })
  .refine((b) => b.newPayPassword === b.confirmPayPassword, { path: ['confirmPayPassword'], message: 'field.confirm_mismatch' });

export const inviteInfo = z.object({
  inviteCode: z.string(),
  /** Path of the registration screen with the code filled in; the app prefixes its own origin. */
  registerPath: z.string(),
  /** One row per generation 1-9 (1 = invited by me): team members in it, cashback earned from it, its rate. */
  levels: z.array(z.object({ level: z.number().int().min(1).max(9), members: z.number().int(), cashback: money, rate: z.string() })),
  /** Newest team members of any generation; the username is masked (ab***9), `level` is their generation. */
  recent: z.array(z.object({ username: z.string(), registeredAt: epochMs, level: z.number().int() })),
});

export const ledgerType = z.enum([
  'deposit', 'withdraw_freeze', 'withdraw_unfreeze', 'withdraw', 'order_stake', 'order_fee', 'order_payout',
  'wealth_buy', 'wealth_profit', 'wealth_principal', 'pledge_buy', 'pledge_profit', 'pledge_principal',
  'cashback', 'refund', 'adjust',
]);
export type LedgerType = z.infer<typeof ledgerType>;
export const waterReq = page.extend({ type: ledgerType.optional() });
export const ledgerEntry = z.object({
  id: z.number().int(),
  type: ledgerType,
  /** Change of the total balance; a freeze or unfreeze changes only its parts and shows 0.00 here. */
  amount: money,
  /** Change of the available part (a withdrawal freeze shows here as a negative amount). */
  available: money,
  balanceAfter: money,
  createdAt: epochMs,
  ref: z.string().nullable(),
});
export const waterRes = z.object({ items: z.array(ledgerEntry), total: z.number().int(), page: z.number().int(), size: z.number().int() });

/**
 * Approved by the spec's 6-digit `payPassword`, or instead by a passkey step-up for exactly this method, amount and
 * address (`passkey`); never both. Neither asks for the PIN, as the spec's form always did.
 */
export const withdrawalReq = z
  .object({
    paymethod: paymentMethod,
    amount: requestAmount,
    payPassword: payPassword.optional(),
    passkey: passkeyAssertion.optional(),
    /** Only for trc20: which bound address; the first one when absent. */
    addressId: id.optional(),
    Authorization: blankedAuthorization,
  })
  .refine((b) => b.payPassword !== undefined || b.passkey !== undefined, { path: ['payPassword'], message: 'field.required', when: whenObject })
  .refine((b) => b.payPassword === undefined || b.passkey === undefined, { path: ['passkey'], message: 'field.invalid', when: whenObject });

export const refundReq = z.object({
  nationality: requiredText(64),
  name: requiredText(64),
  idNumber: requiredText(32),
  lostAmount: requestAmount,
  refundNumber: requiredText(64),
  payPassword,
});
export const rechargeAddressReq = z.object({ method: paymentMethod });
export const rechargeAddress = z.object({
  method: paymentMethod,
  currency: z.string(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  bank: z.object({ bankName: z.string(), accountName: z.string(), cardNumber: z.string(), branch: z.string() }).nullable(),
});
