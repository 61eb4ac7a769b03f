import type { TFunction } from 'i18next';
import type { ApiClient } from '../../api/client.ts';
import type { LedgerType } from '../../../contract/user.ts';
import { toCsv } from '../../money/csv.ts';
import type { Entry } from './useLedgerPages.ts';

/** The server's largest page, so "all pages" takes as few calls as possible. */
const EXPORT_PAGE = 100;

/** Every entry of the filter, page after page, newest first. */
export async function fetchAllEntries(client: ApiClient, type: LedgerType | null): Promise<Entry[]> {
  const all: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await client.call('user/water', { page, size: EXPORT_PAGE, ...(type ? { type } : {}) });
    all.push(...res.data.items);
    if (res.data.items.length < EXPORT_PAGE || all.length >= res.data.total) return all;
  }
}

/** Raw decimal strings and ISO times, so a spreadsheet reads the numbers exactly; headers in the member's language. */
export function ledgerCsv(entries: readonly Entry[], t: TFunction): string {
  const header = [t('water.time'), t('water.type'), t('water.amount'), t('water.available'), t('water.balance_after'), t('water.ref')];
  const rows = entries.map((e) => [new Date(e.createdAt).toISOString(), t(`ledger.${e.type}`), e.amount, e.available, e.balanceAfter, e.ref ?? '']);
  return toCsv([header, ...rows]);
}
