import { and, asc, count, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Res } from '../../src/contract/api.ts';
import { isTrc20Address } from '../../src/shared/trc20.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { bankCards, withdrawAddresses } from '../db/schema/money.ts';
import type { Deps } from '../deps.ts';
import { BANKS } from '../domain/banks.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { MAX_ADDRESSES } from './limits.ts';
import { maskCard } from './mask.ts';
import { refuseDuringBreak } from '../limits/break.ts';
import { rechargeSettings } from './settings.ts';

/** A card of a bank we list (common/banks), by code or by name. */
const knownBank = (name: string) => BANKS.some((b) => b.code === name.toUpperCase() || b.name.toLowerCase() === name.toLowerCase());

export async function walletsOf(db: Db, userId: number): Promise<Res<'user/getUserWallets'>> {
  const [card] = await db.select().from(bankCards).where(eq(bankCards.userId, userId));
  const addresses = await db.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, userId)).orderBy(asc(withdrawAddresses.id));
  return {
    bank: card
      ? { id: card.id, bankName: card.bankName, cardNumber: maskCard(card.cardNumber), accountName: card.accountName, branch: card.branch, city: card.city, province: card.province }
      : null,
    addresses: addresses.map((a) => ({ id: a.id, network: 'TRC20' as const, address: a.address })),
  };
}

export function walletRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'user/save_bank', async ({ body, user, db, now }) => {
    if (body.kind === 'bank') {
      if (!knownBank(body.bankName)) throw fieldError('bankName', 'field.invalid');
      const card = { bankName: body.bankName, cardNumber: body.cardNumber, accountName: body.accountName, branch: body.branch, city: body.city, province: body.province, updatedAt: new Date(now) };
      // One card per member: binding again replaces it. Pending withdrawals keep the destination they were made to.
      await db.insert(bankCards).values({ userId: user.id, ...card }).onConflictDoUpdate({ target: bankCards.userId, set: card });
      return walletsOf(db, user.id);
    }
    if (!(await isTrc20Address(body.address))) throw fieldError('address', 'error.address_invalid', 'error.address_invalid');
    await db.transaction(async (tx) => {
      // Lock the member's row so concurrent binds cannot both pass the count.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [have] = await tx.select({ n: count() }).from(withdrawAddresses).where(eq(withdrawAddresses.userId, user.id));
      const existing = await tx.select({ id: withdrawAddresses.id }).from(withdrawAddresses).where(and(eq(withdrawAddresses.userId, user.id), eq(withdrawAddresses.address, body.address)));
      if (existing.length > 0) return; // already bound: binding is idempotent
      if ((have?.n ?? 0) >= MAX_ADDRESSES) throw fieldError('address', 'error.address_limit', 'error.address_limit');
      await tx.insert(withdrawAddresses).values({ userId: user.id, address: body.address, createdAt: new Date(now) });
    });
    return walletsOf(db, user.id);
  });

  route(app, deps, 'user/getUserWallets', async ({ user, db }) => walletsOf(db, user.id));

  route(app, deps, 'wallet/getRechargeAddress', async ({ body, user, db, now }) => {
    await refuseDuringBreak(db, user.id, now);
    const s = await rechargeSettings(db);
    const currency = deps.config.CURRENCY;
    if (body.method === 'trc20') {
      const address = s['recharge.trc20.address'];
      if (!address) throw new ApiError('error.not_found');
      return { method: 'trc20' as const, currency, network: 'TRC20', address, bank: null };
    }
    const bankName = s['recharge.bank.bankName'];
    const accountName = s['recharge.bank.accountName'];
    const cardNumber = s['recharge.bank.cardNumber'];
    if (!bankName || !accountName || !cardNumber) throw new ApiError('error.not_found');
    return { method: 'bank' as const, currency, network: null, address: null, bank: { bankName, accountName, cardNumber, branch: s['recharge.bank.branch'] ?? '' } };
  });
}
