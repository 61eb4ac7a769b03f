import { of, Subject, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '../contract/market.ts';
import { createRowsInView, withLiveQuotes, type DatedPage } from './live-rows.ts';
import type { LiveRowQuote } from './live.ts';

const product = (id: number, price: string): ProductSummary => ({
  id, symbol: `SYM${id}`, name: `Product ${id}`, category: 'crypto', price, changePct: '0.00', decimals: 2, open: true, nextOpen: null,
});
const quote = (id: number, price: string, at: number): LiveRowQuote => ({ id, price, changePct: '1.00', open: true, at });

describe('withLiveQuotes', () => {
  it("lays one stream event's quotes over the page together: one list page per event, not one per row", () => {
    const time = new VirtualTimeScheduler();
    const rows = createRowsInView(time);
    const stream = new Subject<readonly LiveRowQuote[]>();
    const asked: (readonly number[])[] = [];
    const page: DatedPage = { items: [product(1, '10.00'), product(2, '20.00'), product(3, '30.00')], total: 3, asOf: 100 };
    const seen: (readonly string[])[] = [];
    const sub = withLiveQuotes(of(page), rows, {
      rowQuotes: (ids) => {
        asked.push(ids);
        return stream;
      },
    }).subscribe((p) => seen.push(p.items.map((item) => item.price)));
    rows.set('home', [1, 2, 3]);
    time.flush();
    expect(asked).toEqual([[1, 2, 3]]);
    stream.next([quote(1, '11.00', 200), quote(3, '33.00', 200)]);
    stream.next([quote(2, '22.00', 300)]);
    expect(seen).toEqual([
      ['10.00', '20.00', '30.00'],
      ['11.00', '20.00', '33.00'],
      ['11.00', '22.00', '33.00'],
    ]);
    sub.unsubscribe();
  });
});
