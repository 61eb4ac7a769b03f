import { describe, expect, it } from 'vitest';
import { T0 } from '../testing/harness.ts';
import { cents } from '../../src/shared/money.ts';
import type { MarketProduct } from './catalog.ts';
import { MINUTE, type Tick } from './feed.ts';
import { ReplayFeed, type OhlcvRow } from './replay.ts';
import { keyedRng, type Rng } from './prng.ts';
import { Simulator } from './simulator.ts';

/**
 * Nobody can predict a price from the repository. Every input a reader of the repository has (the
 * products, the stored history, the time) is the same for two simulators here; only what the server keeps
 * to itself (its database secret, node:crypto) differs, and that must be enough to make the futures differ.
 */
const btc: MarketProduct = {
  id: 1, symbol: 'BTCUSDT', name: 'Bitcoin', category: 'crypto', decimals: 2, qtyDecimals: 4, sort: 1, feePpm: 2000n,
  minAmount: cents(1000n), maxAmount: cents(5_000_000n), cycles: [], session: 'always', sim: { price: 6_725_050n, annualVol: 0.6, qty: 5n },
};
const stored = new Map([[btc.id, { t: T0, price: btc.sim.price }]]);
const sameSecret = new Uint8Array(32).fill(1);

/** Share of moves whose direction equals the one before (flat moves are left out: no direction to guess). */
function lastDirectionHits(prices: readonly bigint[]): { hits: number; n: number } {
  const moves = prices.slice(1).map((p, i) => Math.sign(Number(p - (prices[i] ?? p)))).filter((d) => d !== 0);
  let hits = 0;
  for (let i = 1; i < moves.length; i++) if (moves[i] === moves[i - 1]) hits += 1;
  return { hits, n: moves.length - 1 };
}

/** Fails when a model's hit rate is further from 50 % than 3 standard errors of a fair coin over n guesses. */
function expectCoinFlip({ hits, n }: { hits: number; n: number }, label: string) {
  const rate = hits / n;
  const bound = 3 * Math.sqrt(0.25 / n);
  console.log(`FIGURE ${label}: ${hits}/${n} = ${(rate * 100).toFixed(1)} % (noise band 50 ± ${(bound * 100).toFixed(1)} %)`);
  expect(Math.abs(rate - 0.5), label).toBeLessThan(bound);
}

describe('prices cannot be predicted', () => {
  it('two servers with the same code, history and even the same history secret tick differently from the first second', () => {
    const a = new Simulator([btc], sameSecret);
    const b = new Simulator([btc], sameSecret);
    a.resume(stored, T0);
    b.resume(stored, T0);
    const ta = a.poll(T0 + 1000).ticks;
    const tb = b.poll(T0 + 1000).ticks;
    expect(ta).toHaveLength(1);
    expect(tb).toHaveLength(1);
    expect(ta[0]?.price).not.toBe(tb[0]?.price);
    const later = a.poll(T0 + 101_000).ticks.map((k) => k.price);
    const other = b.poll(T0 + 101_000).ticks.map((k) => k.price);
    const same = later.filter((p, i) => p === other[i]).length;
    expect(same).toBeLessThan(10);
  });

  it('1,000 recorded live ticks do not let "next move = last move" beat a coin', () => {
    const sim = new Simulator([btc], sameSecret);
    sim.resume(stored, T0);
    const ticks: Tick[] = [];
    // Polled each minute as the service does (a longer silence would be filled as a gap of bars).
    for (let m = 1; m <= 18; m++) ticks.push(...sim.poll(T0 + m * MINUTE).ticks);
    expect(ticks.length).toBeGreaterThanOrEqual(1000);
    expectCoinFlip(lastDirectionHits(ticks.slice(0, 1001).map((k) => k.price)), 'simulator, next move = last move');
  });

  describe('replay', () => {
    // Deterministic: a statistical check on crypto draws fails now and then by chance, and CI must not flake. A
    // fixed test key feeds both the recorded walk and the replay's in-bar paths, one draw after another.
    const keyed = keyedRng(new Uint8Array(32).fill(7));
    let draw = 0;
    const sequence: Rng = { uniform: () => keyed.uniform(9, 0, draw++), normal: () => keyed.normal(9, 0, draw++) };
    const step = () => Math.min(700, Math.max(-700, Math.round((sequence.uniform(0, 0, 0) - 0.5) * 1401)));
    // 400 one-minute bars of a market's own second-by-second walk, as an exchange would record them: 24,000 ticks.
    const BARS = 400;
    const rows: OhlcvRow[] = [];
    let price = 6_000_000;
    for (let i = 0; i < BARS; i++) {
      const open = price;
      let [high, low] = [open, open];
      for (let sec = 0; sec < 59; sec++) {
        price += step();
        high = Math.max(high, price);
        low = Math.min(low, price);
      }
      const cents = (v: number) => (v / 100).toFixed(2);
      rows.push({ t: T0 + i * MINUTE, open: cents(open), high: cents(high), low: cents(low), close: cents(price), volume: '1.0000' });
    }
    const feed = new ReplayFeed([{ product: btc, rows }], { startAt: 0, rng: sequence });
    const ticks = feed.poll(BARS * MINUTE).ticks;

    // KNOWN LEAK, by nature: the in-bar path is a bridge to the recorded close, so after its first move the rest of
    // the bar goes the other way more often than a coin: 9.2 points off 50 % with this key, beyond 3 standard
    // errors (7.8). Any replay of a known close leaks it somehow, so REPLAY_DIR is refused unless
    // DEMO=true (config.ts replayRefusal) and the app marks replayed products as demo data: no real money meets
    // it. `it.fails` keeps the property visible: a path that stops leaking flips this test.
    it.fails('the shape of a bar so far does not tell where it closes: after its first move, the rest goes either way', () => {
      expect(ticks).toHaveLength(BARS * 60);
      let hits = 0;
      let n = 0;
      for (let b = 0; b < BARS; b++) {
        const bar = ticks.slice(b * 60, b * 60 + 60).map((k) => k.price);
        const [open, second, last] = [bar[0] ?? 0n, bar[1] ?? 0n, bar[59] ?? 0n];
        if (second === open || last === second) continue;
        n += 1;
        // An order placed at the second tick wins when the close is beyond it in the guessed direction.
        if (second > open === last > second) hits += 1;
      }
      // Before this was fixed, guessing the opposite of the first move won every time: a rising bar walked o, l, h, c.
      expectCoinFlip({ hits, n }, 'replay, rest of the bar = its first move');
    });

    it('1,000 recorded replay ticks do not let "next move = last move" beat a coin', () => {
      expectCoinFlip(lastDirectionHits(ticks.slice(0, 1001).map((k) => k.price)), 'replay, next move = last move');
    });
  });
});
