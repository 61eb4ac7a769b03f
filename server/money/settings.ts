import type { Db } from '../db/client.ts';
import { platformSettings } from '../db/schema/money.ts';

/** Where members send deposits; seeded by the migration, changed with `npm run operator -- recharge-set`. */
export const RECHARGE_KEYS = [
  'recharge.trc20.address',
  'recharge.bank.bankName',
  'recharge.bank.accountName',
  'recharge.bank.cardNumber',
  'recharge.bank.branch',
] as const;
export type RechargeKey = (typeof RECHARGE_KEYS)[number];
export const isRechargeKey = (k: string): k is RechargeKey => (RECHARGE_KEYS as readonly string[]).includes(k);

export async function rechargeSettings(db: Db): Promise<Partial<Record<RechargeKey, string>>> {
  const out: Partial<Record<RechargeKey, string>> = {};
  for (const row of await db.select().from(platformSettings)) if (isRechargeKey(row.key)) out[row.key] = row.value;
  return out;
}

export async function setSetting(db: Db, key: RechargeKey, value: string): Promise<void> {
  await db.insert(platformSettings).values({ key, value }).onConflictDoUpdate({ target: platformSettings.key, set: { value } });
}
