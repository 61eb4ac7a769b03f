import type { Direction } from '../../src/contract/market.ts';
import { cents, tradeGain, type Cents } from '../../src/shared/money.ts';

export type Result = 'won' | 'lost' | 'draw';

export interface Outcome {
  readonly status: Result;
  /** Credited back to the member: stake plus payout when won, the stake when a draw, nothing when lost. */
  readonly payout: Cents;
  /** The member's net result without the fee (which is kept in every case). */
  readonly profit: Cents;
}

/** decisions.md: right direction pays amount + amount × payout, wrong loses the amount, equal returns it. */
export function outcomeOf(direction: Direction, openPrice: bigint, settlePrice: bigint, amount: Cents, payoutPpm: bigint): Outcome {
  if (settlePrice === openPrice) return { status: 'draw', payout: amount, profit: cents(0n) };
  const rose = settlePrice > openPrice;
  if (rose === (direction === 'rise')) {
    const gain = tradeGain(amount, payoutPpm);
    return { status: 'won', payout: cents(amount + gain), profit: gain };
  }
  return { status: 'lost', payout: cents(0n), profit: cents(-amount) };
}
