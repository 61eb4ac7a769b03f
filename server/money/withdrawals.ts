import { and, asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { z } from 'zod';
import { withdrawalReq, type ReviewItem } from '../../src/contract/user.ts';
import type { Db } from '../db/client.ts';
import { bankCards, withdrawAddresses, withdrawals } from '../db/schema/money.ts';
import type { Deps } from '../deps.ts';
import { minimumRefusal } from '../domain/amount-limits.ts';
import { move } from '../domain/ledger.ts';
import { cents, toCents } from '../../src/shared/money.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { route, type RouteCtx } from '../http/route.ts';
import { spendApproval } from '../passkeys/approval.ts';
import { withdrawalPayload, type Destination } from '../passkeys/binding.ts';
import { gateApproval, passkeyGate } from '../passkeys/gate.ts';
import { MIN_WITHDRAW } from './limits.ts';
import { payPasswordGate, requirePayPassword } from './pay-password.ts';
import { reviewItemOf } from './review-items.ts';

type WithdrawalPath = 'wallet/bankWithdrawal' | 'wallet/trcWithdrawal';
type WithdrawalBody = z.output<typeof withdrawalReq>;

/** Full details for the operator who pays out; copied so a later rebind cannot redirect a pending request. */
async function bankDestination(db: Db, userId: number): Promise<Destination> {
  const [card] = await db.select().from(bankCards).where(eq(bankCards.userId, userId));
  if (!card) throw new ApiError('error.no_bank_card');
  return { kind: 'bank', id: card.id, text: `${card.bankName} | ${card.cardNumber} | ${card.accountName} | ${card.branch}, ${card.city}, ${card.province}` };
}

async function addressDestination(db: Db, userId: number, addressId: number | undefined): Promise<Destination> {
  const mine = eq(withdrawAddresses.userId, userId);
  const where = addressId === undefined ? mine : and(mine, eq(withdrawAddresses.id, addressId));
  const [row] = await db.select().from(withdrawAddresses).where(where).orderBy(asc(withdrawAddresses.id)).limit(1);
  // Another member's address id looks exactly like one that does not exist.
  if (!row) throw addressId === undefined ? new ApiError('error.no_address') : fieldError('addressId', 'error.not_found', 'error.not_found');
  return { kind: 'trc20', id: row.id, text: `TRC20 ${row.address}` };
}

/** Where a withdrawal by `method` goes: the bound card, or the bound address chosen (the first one when none is). */
export const withdrawalDestination = (db: Db, userId: number, method: 'bank' | 'trc20', addressId: number | undefined): Promise<Destination> =>
  method === 'bank' ? bankDestination(db, userId) : addressDestination(db, userId, addressId);

/**
 * Freezes the amount (available -> frozen) and records the request under review, in the route's transaction.
 * move() is one conditional UPDATE, so concurrent requests can never freeze more than is available.
 */
async function withdraw(ctx: RouteCtx<WithdrawalPath>, method: 'bank' | 'trc20'): Promise<ReviewItem> {
  const { body, user, db, now } = ctx;
  if (body.paymethod !== method) throw fieldError('paymethod', 'field.invalid');
  if (body.passkey === undefined) requirePayPassword(ctx.hono);
  const amount = toCents(body.amount);
  const refused = minimumRefusal(amount, MIN_WITHDRAW);
  if (refused) throw refused;
  const destination = await withdrawalDestination(db, user.id, method, body.addressId);
  // A passkey approved exactly this amount to exactly this destination, once: spent here, with the freeze.
  if (body.passkey !== undefined) await spendApproval(db, gateApproval(ctx.hono), { userId: user.id, purpose: 'withdrawal', payload: withdrawalPayload(user.id, amount, destination), now });
  const [row] = await db.insert(withdrawals).values({ userId: user.id, method, amount, destination: destination.text, createdAt: new Date(now) }).returning();
  if (!row) throw new ApiError('error.internal');
  await move(db, { userId: user.id, type: 'withdraw_freeze', available: cents(-amount), frozen: amount, ref: `withdrawal:${row.id}`, at: now });
  return reviewItemOf('withdrawal', method, row);
}

/** What a passkey step-up for a withdrawal approves: this member, this amount, this destination. */
const approvedPayload = (method: 'bank' | 'trc20') => async (db: Db, userId: number, body: WithdrawalBody) =>
  withdrawalPayload(userId, toCents(body.amount), await withdrawalDestination(db, userId, method, body.addressId));

export function withdrawalRoutes(app: Hono, deps: Deps) {
  payPasswordGate(app, deps, 'wallet/bankWithdrawal');
  payPasswordGate(app, deps, 'wallet/trcWithdrawal');
  passkeyGate(app, deps, 'wallet/bankWithdrawal', withdrawalReq, 'withdrawal', approvedPayload('bank'));
  passkeyGate(app, deps, 'wallet/trcWithdrawal', withdrawalReq, 'withdrawal', approvedPayload('trc20'));
  route(app, deps, 'wallet/bankWithdrawal', (ctx) => withdraw(ctx, 'bank'));
  route(app, deps, 'wallet/trcWithdrawal', (ctx) => withdraw(ctx, 'trc20'));
}
