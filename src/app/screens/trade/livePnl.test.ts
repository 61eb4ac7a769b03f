import { describe, expect, it } from 'vitest';
import { livePnl } from './livePnl.ts';
import { quickAmounts } from './quickAmounts.ts';

const order = { direction: 'rise' as const, amount: '100.00', payoutRate: '0.85', openPrice: '67000.50' };

describe('livePnl', () => {
  it('is the win (rounded down) when the price moved the order’s way, the stake when against, nothing when level', () => {
    expect(livePnl(order, '67000.51')).toBe('85.00');
    expect(livePnl(order, '67000.49')).toBe('-100.00');
    expect(livePnl(order, '67000.50')).toBe('0.00');
    expect(livePnl({ ...order, direction: 'fall' }, '66999')).toBe('85.00');
    expect(livePnl({ ...order, amount: '10.01', payoutRate: '0.8' }, '67001')).toBe('8.00');
    expect(livePnl(order, 'n/a')).toBeNull();
  });
  it('compares prices exactly: the same price at another precision is level, and no digit is lost to a float', () => {
    expect(livePnl(order, '67000.5')).toBe('0.00');
    // Both are the same double; as decimals the second is a tick higher.
    expect(livePnl({ ...order, openPrice: '12345678901234567.01' }, '12345678901234567.02')).toBe('85.00');
  });
});

describe('quickAmounts', () => {
  it('offers the usual amounts inside the limits, or the minimum', () => {
    expect(quickAmounts({ feeRate: '0.002', minAmount: '10.00', maxAmount: '50000.00' })).toEqual(['10.00', '50.00', '100.00', '500.00']);
    expect(quickAmounts({ feeRate: '0.002', minAmount: '50.00', maxAmount: '200.00' })).toEqual(['50.00', '100.00']);
    expect(quickAmounts({ feeRate: '0.002', minAmount: '2000.00', maxAmount: '9000.00' })).toEqual(['2000.00']);
  });
});
