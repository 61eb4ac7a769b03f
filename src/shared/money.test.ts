import { describe, expect, it } from 'vitest';
import { comparePrices, fromCents, toCents, toPrice, type Price } from './money.ts';

const price = (s: string): Price => {
  const p = toPrice(s);
  if (p === null) throw new Error(`not a price: ${s}`);
  return p;
};

describe('prices', () => {
  it('takes only a plain non-negative decimal as a price', () => {
    expect(toPrice('1.08342')).toBe('1.08342');
    expect(toPrice('67000')).toBe('67000');
    for (const bad of ['', '-1.5', '1e3', '1.', '.5', ' 1.5', 'abc']) expect(toPrice(bad), bad).toBeNull();
  });

  it('compares exactly, whatever the precision written', () => {
    expect(comparePrices(price('1.50'), price('1.5'))).toBe(0);
    expect(comparePrices(price('1.4999'), price('1.5'))).toBe(-1);
    expect(comparePrices(price('10'), price('9.99999'))).toBe(1);
    // Equal as doubles, a tick apart as decimals.
    expect(comparePrices(price('12345678901234567.02'), price('12345678901234567.01'))).toBe(1);
  });
});

describe('cents', () => {
  it('writes cents as the wire decimal, with no minus zero', () => {
    expect(fromCents(toCents('-0.05'))).toBe('-0.05');
    expect(fromCents(toCents('-0.00'))).toBe('0.00');
    expect(fromCents(toCents('12.3'))).toBe('12.30');
  });
});
