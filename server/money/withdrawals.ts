import { and, asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { ReviewItem } from '../../src/contract/user.ts';
import type { Db } from '../db/client.ts';
import { bankCards, withdrawAddresses, withdrawals } from '../db/schema/money.ts';
import type { Deps } from '../deps.ts';
import { minimumRefusal } from '../domain/amount-limits.ts';
import { move } from '../domain/ledger.ts';
import { cents, toCents } from '../../src/shared/money.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { route, type RouteCtx } from '../http/route.ts';
import { MIN_WITHDRAW } from './limits.ts';
import { payPasswordGate, requirePayPassword } from './pay-password.ts';
import { reviewItemOf } from './review-items.ts';

type WithdrawalPath = 'wallet/bankWithdrawal' | 'wallet/trcWithdrawal';

/** Full details for the operator who pays out; copied so a later rebind cannot redirect a pending request. */
async function bankDestination(db: Db, userId: number): Promise<string> {
  const [card] = await db.select().from(bankCards).where(eq(bankCards.userId, userId));
  if (!card) throw new ApiError('error.no_bank_card');
  return `${card.bankName} | ${card.cardNumber} | ${card.accountName} | ${card.branch}, ${card.city}, ${card.province}`;
}

async function addressDestination(db: Db, userId: number, addressId: number | undefined): Promise<string> {
  const mine = eq(withdrawAddresses.userId, userId);
  const where = addressId === undefined ? mine : and(mine, eq(withdrawAddresses.id, addressId));
  const [row] = await db.select().from(withdrawAddresses).where(where).orderBy(asc(withdrawAddresses.id)).limit(1);
  // Another member's address id looks exactly like one that does not exist.
  if (!row) throw addressId === undefined ? new ApiError('error.no_address') : fieldError('addressId', 'error.not_found', 'error.not_found');
  return `TRC20 ${row.address}`;
}

/**
 * Freezes the amount (available -> frozen) and records the request under review, in the route's transaction.
 * move() is one conditional UPDATE, so concurrent requests can never freeze more than is available.
 */
async function withdraw(ctx: RouteCtx<WithdrawalPath>, method: 'bank' | 'trc20'): Promise<ReviewItem> {
  const { body, user, db, now } = ctx;
  if (body.paymethod !== method) throw fieldError('paymethod', 'field.invalid');
  requirePayPassword(ctx.hono);
  const amount = toCents(body.amount);
  const refused = minimumRefusal(amount, MIN_WITHDRAW);
  if (refused) throw refused;
  const destination = method === 'bank' ? await bankDestination(db, user.id) : await addressDestination(db, user.id, body.addressId);
  const [row] = await db.insert(withdrawals).values({ userId: user.id, method, amount, destination, createdAt: new Date(now) }).returning();
  if (!row) throw new ApiError('error.internal');
  await move(db, { userId: user.id, type: 'withdraw_freeze', available: cents(-amount), frozen: amount, ref: `withdrawal:${row.id}`, at: now });
  return reviewItemOf('withdrawal', method, row);
}

export function withdrawalRoutes(app: Hono, deps: Deps) {
  payPasswordGate(app, deps, 'wallet/bankWithdrawal');
  payPasswordGate(app, deps, 'wallet/trcWithdrawal');
  route(app, deps, 'wallet/bankWithdrawal', (ctx) => withdraw(ctx, 'bank'));
  route(app, deps, 'wallet/trcWithdrawal', (ctx) => withdraw(ctx, 'trc20'));
}
