// The last public market data, kept in IndexedDB by the worker, so a repeat visit paints the product list at
// once (marked not live) while the first poll is on its way. Public reads only: never anything of a member's.
import type { ProductSummary } from '../contract/market.ts';

export interface MarketCache {
  /** The last product list, or null when none is stored (or storage is unavailable). */
  readProducts(): Promise<readonly ProductSummary[] | null>;
  /** Replaces the stored list (fire and forget: a failed write only costs the next visit its head start). */
  writeProducts(items: readonly ProductSummary[]): void;
}

const STORE = 'snapshots';
const PRODUCTS_KEY = 'products';
/** A list far longer than the catalogue means something is wrong: such a list is not kept. */
const MAX_PRODUCTS = 500;

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

function openDb(name: string): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

/** One database per name (the app's is `candlewick-market`; tests use their own). */
export function openMarketCache(name = 'candlewick-market'): MarketCache {
  let db: Promise<IDBDatabase> | null = null;
  const database = (): Promise<IDBDatabase> => (db ??= openDb(name));
  const store = async (mode: IDBTransactionMode): Promise<IDBObjectStore> => (await database()).transaction(STORE, mode).objectStore(STORE);

  return {
    async readProducts() {
      try {
        const stored: unknown = await request((await store('readonly')).get(PRODUCTS_KEY));
        return Array.isArray(stored) ? (stored as ProductSummary[]) : null;
      } catch {
        return null;
      }
    },
    writeProducts(items) {
      if (items.length > MAX_PRODUCTS) return;
      void store('readwrite')
        .then((s) => request(s.put(items, PRODUCTS_KEY)))
        .catch(() => undefined);
    },
  };
}
