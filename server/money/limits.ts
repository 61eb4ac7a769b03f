import { cents, type Cents } from '../../src/shared/money.ts';

/** The minimums the money checks use; common/config announces these same values (minDeposit, minWithdraw). */
export const MIN_DEPOSIT: Cents = cents(10_00n);
export const MIN_WITHDRAW: Cents = cents(10_00n);
/** Enough for a member's real wallets; a cap keeps a hijacked session from planting many destinations. */
export const MAX_ADDRESSES = 5;
/** Deposits waiting for review per member: enough for honest use, a cap on review-queue spam. */
export const MAX_PENDING_DEPOSITS = 5;
export const PAY_PASSWORD_MAX_FAILS = 5;
export const PAY_PASSWORD_LOCK_MS = 15 * 60_000;
