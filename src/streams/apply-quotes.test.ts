import { describe, expect, it } from 'vitest';
import { applyQuotes } from './apply-quotes.ts';

const item = (id: number, price: string) => ({ id, symbol: `P${id}`, name: `Product ${id}`, price, changePct: '0.00', open: true });

describe('applyQuotes', () => {
  it('lays each moved quote over its product and keeps the others as they were (same objects)', () => {
    const held = [item(1, '1.00'), item(2, '2.00'), item(3, '3.00')];
    const next = applyQuotes(held, [{ id: 2, price: '2.50', changePct: '25.00', open: false }]);
    expect(next).toEqual([item(1, '1.00'), { ...item(2, '2.50'), changePct: '25.00', open: false }, item(3, '3.00')]);
    expect(next?.[0]).toBe(held[0]);
    expect(next?.[2]).toBe(held[2]);
  });

  it('with no quotes, answers the list unchanged', () => {
    const held = [item(1, '1.00')];
    expect(applyQuotes(held, [])).toEqual(held);
    expect(applyQuotes(held, [])?.[0]).toBe(held[0]);
  });

  it('answers null for a quote of a product the list does not hold, so the whole list is asked again', () => {
    expect(applyQuotes([item(1, '1.00')], [{ id: 9, price: '9.00' }])).toBeNull();
  });
});
