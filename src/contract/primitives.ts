import { z } from 'zod';

/**
 * Wire primitives. Money is a decimal string with at most 2 decimals ("1250.50"); it is never a float.
 * Time is epoch milliseconds, UTC, decided by the server's clock.
 */
export const MAX_MONEY_DIGITS = 12;

/** A positive amount a member types: "10", "10.5", "10.50"; no sign, no exponent, at most 12 integer digits. */
export const amountInput = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, 'field.required')
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/, 'field.amount_format')
  .refine((s) => !/^0(\.0{1,2})?$/.test(s), 'field.amount_format');

/** Money in answers: a signed decimal string with exactly 2 decimals. */
export const money = z.string().regex(/^-?\d+\.\d{2}$/);
export type Money = z.infer<typeof money>;

/** A price: a decimal string at the product's own precision. */
export const price = z.string().regex(/^\d+(\.\d+)?$/);

/** A rate as a decimal string, e.g. "0.85" payout or "0.002" fee. */
export const rate = z.string().regex(/^\d+(\.\d+)?$/);

export const epochMs = z.number().int().nonnegative();
export type EpochMs = z.infer<typeof epochMs>;

export const id = z.number({ error: 'field.required' }).int('field.invalid').positive('field.invalid').max(2 ** 31 - 1, 'field.invalid');

export const username = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, 'field.required')
  .max(18, 'field.username_format')
  .regex(/^[A-Za-z0-9]+$/, 'field.username_format');

export const phone = z.string({ error: 'field.required' }).trim().min(1, 'field.required').regex(/^\d{11}$/, 'field.phone_format');

export const password = z.string({ error: 'field.required' }).min(1, 'field.required').min(6, 'field.password_format').max(64, 'field.password_format');

/** Login accepts any stored password shape; only length is bounded so a huge body cannot cost a hash. */
export const loginPassword = z.string({ error: 'field.required' }).min(1, 'field.required').max(64, 'field.password_format');

export const payPassword = z.string({ error: 'field.required' }).min(1, 'field.required').regex(/^\d{6}$/, 'field.pay_password_format');

export const requiredText = (max: number) => z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(max, 'field.too_long');

export const page = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
});

/** Spec 7: the Withdrawal and Defi payloads carry an `Authorization` field that the client blanks. */
export const blankedAuthorization = z.literal('').optional();

export const lang = z.enum(['en', 'vn', 'zn']);
export type Lang = z.infer<typeof lang>;

export const reviewStatus = z.enum(['review', 'success', 'fail']);
export type ReviewStatus = z.infer<typeof reviewStatus>;

/** An uploaded image as a data URL (`data:image/jpeg;base64,...`); the server checks magic bytes and size. */
export const imageDataUrl = z
  .string({ error: 'field.required' })
  .min(1, 'field.required')
  .max(7_200_000, 'error.image_too_large')
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, 'error.image_invalid');
