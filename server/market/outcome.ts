import { sql, type SQL } from 'drizzle-orm';

export type Result = 'won' | 'lost' | 'draw';

/** The columns (or expressions) of one order that its outcome is decided from. */
export interface OutcomeInputs {
  /** The settle price. */
  readonly price: SQL;
  readonly openPrice: SQL;
  /** 'rise' or 'fall'. */
  readonly direction: SQL;
}

/**
 * The outcome rule (decisions.md), written once and in SQL, where settlement decides a whole batch in one
 * statement: the right direction wins, the wrong one loses, an equal price is a draw.
 */
export const outcomeStatus = ({ price, openPrice, direction }: OutcomeInputs): SQL =>
  sql`CASE WHEN ${price} = ${openPrice} THEN 'draw' WHEN (${price} > ${openPrice}) = (${direction} = 'rise') THEN 'won' ELSE 'lost' END`;

/** A win's gain: amount × payout, rounded down (tradeGain in src/shared/money.ts, which the ticket quotes with). */
const gain = (amount: SQL, payoutPpm: SQL): SQL => sql`${amount} * ${payoutPpm} / 1000000`;

/** Credited back for a decided `status`: stake plus gain when won, the stake on a draw, nothing when lost. */
export const outcomePayout = (status: SQL, amount: SQL, payoutPpm: SQL): SQL =>
  sql`CASE ${status} WHEN 'won' THEN ${amount} + ${gain(amount, payoutPpm)} WHEN 'draw' THEN ${amount} ELSE 0 END`;

/** The member's net result for a decided `status`, without the fee (which is kept in every case). */
export const outcomeProfit = (status: SQL, amount: SQL, payoutPpm: SQL): SQL =>
  sql`CASE ${status} WHEN 'won' THEN ${gain(amount, payoutPpm)} WHEN 'draw' THEN 0 ELSE -${amount} END`;
