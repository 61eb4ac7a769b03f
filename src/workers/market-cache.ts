// The last public market data, kept in IndexedDB by the worker, so a repeat visit paints the product list at
// once (marked not live) while the first poll is on its way, and the chart its last candles. Public reads only:
// never anything of a member's (no balances, orders, wallet or fund flow).
import type { ProductSummary } from '../contract/market.ts';
import type { Candle } from '../streams/messages.ts';
import { deviceNow } from '../shared/clock.ts';

export interface MarketCache {
  /** The last product list, or null when none is stored (or storage is unavailable). */
  readProducts(): Promise<readonly ProductSummary[] | null>;
  /** Replaces the stored list (fire and forget: a failed write only costs the next visit its head start). */
  writeProducts(items: readonly ProductSummary[]): void;
  /** The last bars stored for one chart (`<product id>:<interval>`), or null. */
  readCandles(chart: string): Promise<readonly Candle[] | null>;
  /** Keeps the last CANDLES_PER_CHART bars of this chart; only the CHARTS most recently written charts stay. */
  writeCandles(chart: string, bars: readonly Candle[]): void;
}

/** The bound: the list, plus the last 200 bars of the last 3 charts (a few tens of KB). */
export const CANDLES_PER_CHART = 200;
export const CHARTS = 3;
const CANDLES_PREFIX = 'candles:';

interface StoredCandles {
  readonly savedAt: number;
  readonly bars: readonly Candle[];
}
const isStoredCandles = (v: unknown): v is StoredCandles =>
  typeof v === 'object' && v !== null && Array.isArray((v as { bars?: unknown }).bars) && typeof (v as { savedAt?: unknown }).savedAt === 'number';

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
    async readCandles(chart) {
      try {
        const stored: unknown = await request((await store('readonly')).get(CANDLES_PREFIX + chart));
        return isStoredCandles(stored) && stored.bars.length > 0 ? stored.bars : null;
      } catch {
        return null;
      }
    },
    writeCandles(chart, bars) {
      const entry: StoredCandles = { savedAt: deviceNow(), bars: bars.slice(-CANDLES_PER_CHART) };
      void store('readwrite')
        .then(async (s) => {
          await request(s.put(entry, CANDLES_PREFIX + chart));
          // Same transaction: drop every chart but the CHARTS most recently written.
          const range = IDBKeyRange.bound(CANDLES_PREFIX, `${CANDLES_PREFIX}\uffff`);
          const [keys, values] = await Promise.all([request(s.getAllKeys(range)), request(s.getAll(range))]);
          const byAge = keys.map((key, i) => ({ key, savedAt: isStoredCandles(values[i]) ? values[i].savedAt : 0 })).sort((a, b) => b.savedAt - a.savedAt);
          for (const old of byAge.slice(CHARTS)) s.delete(old.key);
        })
        .catch(() => undefined);
    },
  };
}
