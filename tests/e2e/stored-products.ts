/**
 * How many products the market worker has stored for the next visit (its IndexedDB, read from the page). A page
 * expression, so the benchmarks (compiled without the DOM lib) share it with the e2e tests.
 */
export function storedProducts(page: { evaluate(expression: string): Promise<unknown> }): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const open = indexedDB.open('candlewick-market');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('snapshots')) return resolve(0);
      const get = db.transaction('snapshots').objectStore('snapshots').get('products');
      get.onsuccess = () => resolve(Array.isArray(get.result) ? get.result.length : 0);
    };
  })`) as Promise<number>;
}
