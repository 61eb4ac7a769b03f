import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { deposits, identityChecks, refundRequests, withdrawals } from '../db/schema/money.ts';
import { move } from '../domain/ledger.ts';
import { cents, fromCents, type Cents } from '../../src/shared/money.ts';

/** What an operator reviews. Each decision is one transaction: the status change and its money move together. */
export const REVIEW_KINDS = ['deposit', 'withdrawal', 'identity', 'refund'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const isReviewKind = (s: string): s is ReviewKind => (REVIEW_KINDS as readonly string[]).includes(s);

/** A refusal the operator sees as `Error: ...` (not pending, unknown id). */
export class ReviewError extends Error {}

export interface Decision {
  readonly now: number;
  readonly reason?: string | undefined;
  /** Refunds only: credit this much instead of the claimed loss. */
  readonly amount?: Cents | undefined;
}

const notPending = (kind: ReviewKind, id: number) => new ReviewError(`${kind} ${id} does not exist or is no longer under review`);

export async function approve(db: Db, kind: ReviewKind, id: number, d: Decision): Promise<string> {
  return db.transaction(async (tx) => {
    const decided = { reason: d.reason ?? null, decidedAt: new Date(d.now) };
    if (kind === 'deposit') {
      const [row] = await tx.update(deposits).set({ status: 'success', ...decided }).where(and(eq(deposits.id, id), eq(deposits.status, 'review'))).returning();
      if (!row) throw notPending(kind, id);
      const amount = cents(row.amount);
      await move(tx, { userId: row.userId, type: 'deposit', available: amount, ref: `deposit:${id}`, at: d.now });
      // The member level follows cumulative successful deposits; counted in the same transaction as the credit.
      await tx.update(users).set({ depositedTotal: sql`${users.depositedTotal} + ${amount}` }).where(eq(users.id, row.userId));
      return `deposit ${id} approved: ${fromCents(amount)} credited`;
    }
    if (kind === 'withdrawal') {
      const [row] = await tx.update(withdrawals).set({ status: 'success', ...decided }).where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'review'))).returning();
      if (!row) throw notPending(kind, id);
      const amount = cents(row.amount);
      await move(tx, { userId: row.userId, type: 'withdraw', available: cents(0n), frozen: cents(-amount), ref: `withdrawal:${id}`, at: d.now });
      return `withdrawal ${id} approved: ${fromCents(amount)} paid out to ${row.destination}`;
    }
    if (kind === 'refund') {
      const [pending] = await tx.select().from(refundRequests).where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'review'))).for('update');
      if (!pending) throw notPending(kind, id);
      const lostAmount = cents(pending.lostAmount);
      const credited = d.amount ?? lostAmount;
      if (credited <= 0n) throw new ReviewError('the refund amount must be positive');
      // A typo must not pay out more than the member said they lost.
      if (credited > lostAmount) throw new ReviewError(`refund ${id} claims ${fromCents(lostAmount)}; cannot credit more`);
      await tx.update(refundRequests).set({ status: 'success', credited, ...decided }).where(eq(refundRequests.id, id));
      await move(tx, { userId: pending.userId, type: 'refund', available: credited, ref: `refund:${id}`, at: d.now });
      return `refund ${id} approved: ${fromCents(credited)} credited`;
    }
    const [row] = await tx.update(identityChecks).set({ status: 'approved', ...decided }).where(and(eq(identityChecks.id, id), eq(identityChecks.status, 'review'))).returning();
    if (!row) throw notPending(kind, id);
    await tx.update(users).set({ verified: true }).where(eq(users.id, row.userId));
    return `identity ${id} approved: member is verified`;
  });
}

export async function deny(db: Db, kind: ReviewKind, id: number, d: Decision & { reason: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const decided = { reason: d.reason, decidedAt: new Date(d.now) };
    if (kind === 'withdrawal') {
      const [row] = await tx.update(withdrawals).set({ status: 'fail', ...decided }).where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'review'))).returning();
      if (!row) throw notPending(kind, id);
      const amount = cents(row.amount);
      // The frozen amount goes back to available.
      await move(tx, { userId: row.userId, type: 'withdraw_unfreeze', available: amount, frozen: cents(-amount), ref: `withdrawal:${id}`, at: d.now });
      return `withdrawal ${id} denied: ${fromCents(amount)} returned to available`;
    }
    const table = kind === 'deposit' ? deposits : kind === 'refund' ? refundRequests : identityChecks;
    const status = kind === 'identity' ? 'denied' : 'fail';
    const [row] = await tx.update(table).set({ status, ...decided }).where(and(eq(table.id, id), eq(table.status, 'review'))).returning({ id: table.id });
    if (!row) throw notPending(kind, id);
    return `${kind} ${id} denied`;
  });
}

export interface PendingItem {
  readonly kind: ReviewKind;
  readonly id: number;
  readonly userId: number;
  readonly username: string;
  readonly createdAt: number;
  /** One line for the operator: amount, method, destination, reference, files. */
  readonly summary: string;
}

/** Everything under review, oldest first; `before` (ms) keeps only what was submitted at or before it. */
export async function pendingReviews(db: Db, kind?: ReviewKind, before?: number): Promise<PendingItem[]> {
  const out: PendingItem[] = [];
  const upTo = before === undefined ? undefined : new Date(before);
  const want = (k: ReviewKind) => kind === undefined || kind === k;
  if (want('deposit')) {
    const rows = await db.select({ r: deposits, username: users.username }).from(deposits).innerJoin(users, eq(users.id, deposits.userId))
      .where(and(eq(deposits.status, 'review'), upTo ? lte(deposits.createdAt, upTo) : undefined)).orderBy(asc(deposits.id));
    for (const { r, username } of rows) {
      out.push({ kind: 'deposit', id: r.id, userId: r.userId, username, createdAt: r.createdAt.getTime(), summary: `${fromCents(cents(r.amount))} by ${r.method}, reference ${JSON.stringify(r.reference)}${r.receiptFile ? `, receipt ${r.receiptFile}` : ''}` });
    }
  }
  if (want('withdrawal')) {
    const rows = await db.select({ r: withdrawals, username: users.username }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId))
      .where(and(eq(withdrawals.status, 'review'), upTo ? lte(withdrawals.createdAt, upTo) : undefined)).orderBy(asc(withdrawals.id));
    for (const { r, username } of rows) {
      out.push({ kind: 'withdrawal', id: r.id, userId: r.userId, username, createdAt: r.createdAt.getTime(), summary: `${fromCents(cents(r.amount))} to ${r.destination}` });
    }
  }
  if (want('identity')) {
    const rows = await db.select({ r: identityChecks, username: users.username }).from(identityChecks).innerJoin(users, eq(users.id, identityChecks.userId))
      .where(and(eq(identityChecks.status, 'review'), upTo ? lte(identityChecks.createdAt, upTo) : undefined)).orderBy(asc(identityChecks.id));
    for (const { r, username } of rows) {
      out.push({ kind: 'identity', id: r.id, userId: r.userId, username, createdAt: r.createdAt.getTime(), summary: `${JSON.stringify(r.realName)} ID ${JSON.stringify(r.idNumber)}, photos ${r.frontFile} ${r.backFile}` });
    }
  }
  if (want('refund')) {
    const rows = await db.select({ r: refundRequests, username: users.username }).from(refundRequests).innerJoin(users, eq(users.id, refundRequests.userId))
      .where(and(eq(refundRequests.status, 'review'), upTo ? lte(refundRequests.createdAt, upTo) : undefined)).orderBy(asc(refundRequests.id));
    for (const { r, username } of rows) {
      out.push({ kind: 'refund', id: r.id, userId: r.userId, username, createdAt: r.createdAt.getTime(), summary: `lost ${fromCents(cents(r.lostAmount))}, refund number ${JSON.stringify(r.refundNumber)}, ${JSON.stringify(r.name)} (${JSON.stringify(r.nationality)}, ID ${JSON.stringify(r.idNumber)})` });
    }
  }
  return out;
}
