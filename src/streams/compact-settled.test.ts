import { of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { applySettled } from '../shared/settled-results.ts';
import { compactSettled, type SettlingChange } from './compact-settled.ts';

interface Row {
  readonly id: number;
  readonly orderNo: string;
  readonly symbol: string;
  readonly amount: string;
  readonly openPrice: string;
  readonly openTime: number;
  readonly settleTime: number;
  readonly status: string;
  readonly settlePrice: string | null;
  readonly profit: string | null;
}

const open = (id: number): Row => ({
  id, orderNo: `CW${id}`, symbol: 'BTCUSDT', amount: '10.00', openPrice: '67000.10', openTime: 1_700_000_000_000, settleTime: 1_700_000_300_000,
  status: 'open', settlePrice: null, profit: null,
});
const settled = (row: Row, status: string, settlePrice: string, profit: string): Row => ({ ...row, status, settlePrice, profit });
const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('compactSettled', () => {
  it('sends an open row the receiver holds that settles as its id and profit, grouped by outcome and price', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const a = open(1);
      const b = open(2);
      const c = open(3);
      const source = cold<SettlingChange<Row>>('r p q', {
        r: { kind: 'reset', items: [a, b], total: 2 },
        // c is new (sent whole); a and b settle at one price, one won and one lost.
        p: { kind: 'patch', upserts: [c], removed: [], total: 3 },
        q: { kind: 'patch', upserts: [settled(a, 'won', '67010.00', '8.50'), settled(b, 'lost', '67010.00', '-10.00'), settled(c, 'won', '67010.00', '8.50')], removed: [], total: 3 },
      });
      expectObservable(source.pipe(compactSettled())).toBe('r p q', {
        r: { kind: 'reset', items: [a, b], total: 2 },
        p: { kind: 'patch', upserts: [c], removed: [], total: 3 },
        q: {
          kind: 'patch', upserts: [], removed: [], total: 3,
          settled: [
            { status: 'won', settlePrice: '67010.00', results: [[1, '8.50'], [3, '8.50']] },
            { status: 'lost', settlePrice: '67010.00', results: [[2, '-10.00']] },
          ],
        },
      });
    });
  });

  it('sends whole a row the receiver does not hold, or one where more than the result changed', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const a = open(1);
      const moved = { ...settled(a, 'won', '67010.00', '8.50'), settleTime: 1_700_000_301_000 };
      const stranger = settled(open(9), 'lost', '67010.00', '-10.00');
      const source = cold<SettlingChange<Row>>('r p', {
        r: { kind: 'reset', items: [a], total: 1 },
        p: { kind: 'patch', upserts: [moved, stranger], removed: [], total: 2 },
      });
      expectObservable(source.pipe(compactSettled())).toBe('r p', {
        r: { kind: 'reset', items: [a], total: 1 },
        p: { kind: 'patch', upserts: [moved, stranger], removed: [], total: 2 },
      });
    });
  });

  it('keeps a burst of 100 results under 2 KiB, and the receiver rebuilds exactly the rows the sender has', () => {
    const rows = Array.from({ length: 100 }, (_, i) => open(100_000 + i));
    const results = rows.map((r, i) => (i % 2 === 0 ? settled(r, 'won', '67010.00', '8.50') : settled(r, 'lost', '67010.00', '-10.00')));
    const seen: SettlingChange<Row>[] = [];
    const changes: SettlingChange<Row>[] = [
      { kind: 'reset', items: rows, total: 100 },
      { kind: 'patch', upserts: results, removed: [], total: 100 },
    ];
    of(...changes)
      .pipe(compactSettled<Row>())
      .subscribe((m) => seen.push(m));
    const patch = seen[1];
    if (patch?.kind !== 'patch' || !patch.settled) throw new Error('no compact patch');
    expect(JSON.stringify(patch).length).toBeLessThanOrEqual(2_048);
    // The same change as whole rows: what crossed before.
    expect(JSON.stringify(results).length).toBeGreaterThan(20_000);
    const held = new Map(rows.map((r) => [r.id, r]));
    applySettled(held, patch.settled);
    expect([...held.values()]).toEqual(results);
  });
});
