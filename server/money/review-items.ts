import type { ReviewItem } from '../../src/contract/user.ts';
import type { ReviewStatus } from '../../src/contract/primitives.ts';
import { cents, fromCents } from '../../src/shared/money.ts';

/** The columns deposits, withdrawals and refund requests share, as read from the database. */
export interface ReviewRow {
  readonly id: number;
  /** Cents, as the bigint column holds them. */
  readonly amount: bigint;
  readonly status: string;
  readonly reason: string | null;
  readonly createdAt: Date;
  readonly decidedAt: Date | null;
}

const statusOf = (s: string): ReviewStatus => (s === 'success' || s === 'fail' ? s : 'review');

export function reviewItemOf(kind: ReviewItem['kind'], method: string, row: ReviewRow): ReviewItem {
  return {
    id: row.id,
    kind,
    method,
    amount: fromCents(cents(row.amount)),
    status: statusOf(row.status),
    reason: row.reason,
    createdAt: row.createdAt.getTime(),
    decidedAt: row.decidedAt?.getTime() ?? null,
  };
}
