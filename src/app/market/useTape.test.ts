import { describe, expect, it } from 'vitest';
import type { TapeTrade, TurnoverStats } from '../../workers/api.ts';
import { freshState } from './liveState.ts';
import { nextTape, TAPE_ROWS, type Tape } from './useTape.ts';

const stats: TurnoverStats = { price: '1.00', volume24h: '1', amount24h: '1.00', high24h: '1.00', low24h: '1.00' };
const trade = (time: number): TapeTrade => [time, '1.00', '1', 'rise'];
const empty: Tape = { trades: [], stats: null, live: freshState };

describe('nextTape', () => {
  it('puts the newest trade first and keeps each older row under the key it arrived with', () => {
    const first = nextTape(empty, { kind: 'reset', trades: [trade(1), trade(2)], stats });
    const second = nextTape(first, { kind: 'append', trades: [trade(3), trade(4)], stats: null });
    expect(second.trades.map((r) => r.trade[0])).toEqual([4, 3, 2, 1]);
    // The rows that were there keep their keys (React keeps their nodes); the new ones get keys not used before.
    const keyOf = (tape: Tape, time: number) => tape.trades.find((r) => r.trade[0] === time)?.seq;
    expect([keyOf(second, 2), keyOf(second, 1)]).toEqual([keyOf(first, 2), keyOf(first, 1)]);
    expect(new Set(second.trades.map((r) => r.seq)).size).toBe(4);
    expect(second.stats).toBe(stats);
  });

  it('keeps the newest TAPE_ROWS trades, with distinct keys, also for trades at the same moment', () => {
    let tape = nextTape(empty, { kind: 'reset', trades: [trade(1)], stats });
    for (let i = 0; i < TAPE_ROWS; i++) tape = nextTape(tape, { kind: 'append', trades: [trade(2), trade(2)], stats: null });
    expect(tape.trades).toHaveLength(TAPE_ROWS);
    expect(new Set(tape.trades.map((r) => r.seq)).size).toBe(TAPE_ROWS);
    expect(tape.trades.every((r) => r.trade[0] === 2)).toBe(true);
  });

  it('is the same tape after a status that changes nothing shown (React skips the render), a new one after one that does', () => {
    const tape = nextTape(empty, { kind: 'reset', trades: [trade(1)], stats });
    const status = (stale: boolean, reconnecting: boolean) => ({ kind: 'status' as const, stale, reconnecting, lastGoodAt: 5 });
    expect(nextTape(tape, status(false, false))).toBe(tape);
    const stale = nextTape(tape, status(true, false));
    expect(stale.live).toEqual({ stale: true, reconnecting: false });
    expect(stale.trades).toBe(tape.trades);
    expect(nextTape(stale, status(true, false))).toBe(stale);
    expect(nextTape(stale, status(false, false)).live).toBe(freshState);
  });
});
