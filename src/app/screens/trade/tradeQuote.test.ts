import { describe, expect, it } from 'vitest';
import { quoteTrade, tradeAmountError } from './tradeQuote.ts';

const terms = { feeRate: '0.002', minAmount: '10.00', maxAmount: '5000.00' };

describe('tradeAmountError', () => {
  const order = (amount: string) => ({ productId: 12, direction: 'rise' as const, cycle: 30, amount });
  it('asks for an amount when empty, and calls anything else outside the rules incorrect', () => {
    expect(tradeAmountError(order('  '), terms)).toBe('error.amount_required');
    for (const bad of ['abc', '0', '1.234', '9.99', '5000.01', '-5']) expect(tradeAmountError(order(bad), terms), bad).toBe('error.amount_incorrect');
    expect(tradeAmountError(order('10'), terms)).toBeNull();
    expect(tradeAmountError(order('5000.00'), terms)).toBeNull();
  });
});

describe('quoteTrade', () => {
  it('rounds the fee up and the win down to the cent, like the server', () => {
    expect(quoteTrade('10.01', terms, '0.85')).toEqual({ amount: '10.01', fee: '0.03', debit: '10.04', payout: '18.51' });
    expect(quoteTrade('100', terms, '0.9')).toEqual({ amount: '100.00', fee: '0.20', debit: '100.20', payout: '190.00' });
    expect(quoteTrade('x', terms, '0.9')).toBeNull();
  });
});
