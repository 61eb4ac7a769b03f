import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { listDelta, listSnapshot, type ListPage } from './list-delta.ts';
import type { ListDelta } from './messages.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

interface Product {
  readonly id: number;
  readonly symbol: string;
  readonly name: string;
  readonly price: string;
  readonly open: boolean;
}
const product = (id: number, price: string, open = true): Product => ({ id, symbol: `SYM${id}`, name: `Product number ${id}`, price, open });
const page = (...items: Product[]): ListPage<Product> => ({ items, total: items.length });

describe('listDelta', () => {
  it('sends whole rows that changed, then nothing while the list stays the same', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const pages = cold('abc', { a: page(product(1, '10'), product(2, '20')), b: page(product(1, '11'), product(2, '20')), c: page(product(1, '11'), product(2, '20')) });
      expectObservable(pages.pipe(listDelta<Product>())).toBe('ab-', {
        a: { kind: 'reset', items: [product(1, '10'), product(2, '20')], total: 2 },
        b: { kind: 'patch', upserts: [product(1, '11')], removed: [], total: 2 },
      });
    });
  });

  it('with fields: a held row crosses as its id and the fields that changed; a new row whole; a gone row by id', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const pages = cold('abcd', {
        a: page(product(1, '10'), product(2, '20')),
        b: page(product(1, '11'), product(2, '20')),
        c: page(product(1, '11', false), product(3, '30')),
        d: page(product(1, '11', false), product(3, '30')),
      });
      expectObservable(pages.pipe(listDelta<Product>({ fields: true }))).toBe('abc-', {
        a: { kind: 'reset', items: [product(1, '10'), product(2, '20')], total: 2 },
        b: { kind: 'patch', upserts: [], removed: [], total: 2, changes: [{ id: 1, price: '11' }] },
        c: { kind: 'patch', upserts: [product(3, '30')], removed: [2], total: 2, changes: [{ id: 1, open: false }] },
      });
    });
  });

  it('with fields: a row that lost a field crosses whole, so the page does not keep the old value', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      // The row as an older server version might send it: without `open`.
      const withoutOpen = Object.fromEntries(Object.entries(product(1, '10')).filter(([key]) => key !== 'open'));
      const pages = cold('ab', { a: page(product(1, '10')), b: { items: [withoutOpen as Product], total: 1 } });
      expectObservable(pages.pipe(listDelta<Product>({ fields: true }))).toBe('ab', {
        a: { kind: 'reset', items: [product(1, '10')], total: 1 },
        b: { kind: 'patch', upserts: [withoutOpen], removed: [], total: 1 },
      });
    });
  });

  it('a late subscriber gets the rows as they stand after the field changes', () => {
    const snapshot = listSnapshot<Product>();
    const deltas: ListDelta<Product>[] = [
      { kind: 'reset', items: [product(1, '10'), product(2, '20')], total: 2 },
      { kind: 'patch', upserts: [product(3, '30')], removed: [2], total: 2, changes: [{ id: 1, price: '12' }, { id: 9, price: '1' }] },
    ];
    for (const d of deltas) snapshot.take(d);
    expect(snapshot.snapshot()).toEqual({ kind: 'reset', items: [{ ...product(1, '12') }, product(3, '30')], total: 2 });
  });

  it('keeps a price tick of twenty products well under 2 KiB on the wire', () => {
    const long = (id: number, price: string): Product => ({ ...product(id, price), name: `A fairly long product name, number ${id}` });
    const before = page(...Array.from({ length: 20 }, (_, i) => long(i + 1, `${1000 + i}.12345`)));
    const after = page(...Array.from({ length: 20 }, (_, i) => long(i + 1, `${1000 + i}.54321`)));
    const sent: ListDelta<Product>[] = [];
    newScheduler().run(({ cold, flush }) => {
      cold('ab', { a: before, b: after }).pipe(listDelta<Product>({ fields: true })).subscribe((d) => sent.push(d));
      flush();
    });
    const whole: ListDelta<Product>[] = [];
    newScheduler().run(({ cold, flush }) => {
      cold('ab', { a: before, b: after }).pipe(listDelta<Product>()).subscribe((d) => whole.push(d));
      flush();
    });
    // Bytes of the JSON: near enough to the structured clone for a size budget (the worker tests run in a page).
    const serialize = (value: unknown): Blob => new Blob([JSON.stringify(value)]);
    const tick = sent[1];
    expect(tick?.kind === 'patch' ? tick.changes?.length : 0).toBe(20);
    expect(serialize(tick).size).toBeLessThan(serialize(whole[1]).size / 2);
    expect(serialize(tick).size).toBeLessThan(1024);
  });
});
