import { describe, expect, it } from 'vitest';
import { T0 } from '../testing/harness.ts';
import { cents } from '../../src/shared/money.ts';
import type { MarketProduct } from './catalog.ts';
import { DAY, HOUR, MINUTE, type LastPrice } from './feed.ts';
import { backfill, fillGap } from './history.ts';
import { isOpen } from './sessions.ts';
import { keyedRng } from './prng.ts';
import { Simulator } from './simulator.ts';

/** A test secret; the server's own comes from the database (server/secrets.ts). */
const secret = (n: number) => new Uint8Array(32).fill(n);
const rngOf = (n: number) => keyedRng(secret(n));

const product = (over: Partial<MarketProduct> & Pick<MarketProduct, 'id' | 'session'>): MarketProduct => ({
  symbol: `P${over.id}`, name: 'p', category: 'crypto', decimals: 2, qtyDecimals: 2, sort: 1, feePpm: 2000n,
  minAmount: cents(1000n), maxAmount: cents(5_000_000n), cycles: [], sim: { price: 6_725_050n, annualVol: 0.6, qty: 5n }, ...over,
});
const btc = product({ id: 1, session: 'always' });
const aapl = product({ id: 2, session: 'nyse', category: 'stocks', sim: { price: 22_850n, annualVol: 0.28, qty: 120n } });
const eurusd = product({ id: 3, session: 'fx', category: 'forex', decimals: 5, sim: { price: 108_450n, annualVol: 0.07, qty: 500n } });

const start = (p: MarketProduct, t: number): Map<number, LastPrice> => new Map([[p.id, { t, price: p.sim.price }]]);

describe('trading hours', () => {
  it('follows NYSE hours in New York time, across daylight saving', () => {
    // T0 is Monday 2 Nov 2026, 14:30 UTC = 09:30 EST (the day after DST ended).
    expect(isOpen('nyse', T0)).toBe(true);
    expect(isOpen('nyse', T0 - 1000)).toBe(false);
    expect(isOpen('nyse', T0 + 6.5 * HOUR - 1000)).toBe(true);
    expect(isOpen('nyse', T0 + 6.5 * HOUR)).toBe(false);
    // In summer (EDT) the open is 13:30 UTC.
    expect(isOpen('nyse', Date.UTC(2026, 6, 1, 13, 30))).toBe(true);
    expect(isOpen('nyse', Date.UTC(2026, 6, 1, 13, 29))).toBe(false);
    // Saturday.
    expect(isOpen('nyse', Date.UTC(2026, 10, 7, 15, 0))).toBe(false);
  });

  it('closes Hong Kong for lunch, forex for the weekend, and never crypto', () => {
    expect(isOpen('hkex', Date.UTC(2026, 10, 2, 3, 0))).toBe(true); // 11:00 HKT
    expect(isOpen('hkex', Date.UTC(2026, 10, 2, 4, 30))).toBe(false); // 12:30 HKT
    expect(isOpen('fx', Date.UTC(2026, 10, 7, 12, 0))).toBe(false); // Saturday
    expect(isOpen('fx', Date.UTC(2026, 10, 8, 22, 0))).toBe(true); // Sunday 22:00 UTC
    expect(isOpen('always', Date.UTC(2026, 10, 7, 12, 0))).toBe(true);
  });
});

describe('simulator', () => {
  it('with an injected keyed generator the path is reproducible: same secret, same ticks; another, not', () => {
    const a = new Simulator([btc, eurusd], secret(7), rngOf(7));
    const b = new Simulator([btc, eurusd], secret(7), rngOf(7));
    const c = new Simulator([btc, eurusd], secret(8), rngOf(8));
    const stored = new Map([...start(btc, T0), ...start(eurusd, T0)]);
    for (const sim of [a, b, c]) sim.resume(stored, T0);
    const ta = a.poll(T0 + 60_000).ticks;
    expect(ta).toHaveLength(120);
    expect(b.poll(T0 + 60_000).ticks).toEqual(ta);
    expect(c.poll(T0 + 60_000).ticks).not.toEqual(ta);
  });

  it('makes one tick per second per open product, and none for a closed stock', () => {
    const sim = new Simulator([btc, aapl], secret(1));
    const saturday = Date.UTC(2026, 10, 7, 15, 0);
    sim.resume(new Map([...start(btc, saturday), ...start(aapl, saturday)]), saturday);
    const ticks = sim.poll(saturday + 30_000).ticks;
    expect(ticks.filter((k) => k.productId === btc.id).map((k) => k.t)).toEqual(Array.from({ length: 30 }, (_, i) => saturday + (i + 1) * 1000));
    expect(ticks.filter((k) => k.productId === aapl.id)).toEqual([]);
  });

  it('moves each asset by a realistic amount: per-second steps match its annual volatility', () => {
    for (const p of [btc, aapl, eurusd]) {
      const sim = new Simulator([p], secret(3));
      sim.resume(start(p, T0), T0);
      const ticks = Array.from({ length: 60 }, (_, m) => sim.poll(T0 + (m + 1) * MINUTE).ticks).flat();
      expect(ticks).toHaveLength(3600);
      const returns = ticks.slice(1).map((k, i) => Math.log(Number(k.price) / Number(ticks[i]?.price ?? k.price)));
      const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length);
      const secondsPerYear = p.session === 'always' ? 365 * 86_400 : p.session === 'fx' ? 260 * 86_400 : 252 * 6.5 * 3600;
      const annual = sd * Math.sqrt(secondsPerYear);
      // Rounding to the price's precision adds a little noise; the order of magnitude must be the asset's.
      expect(annual).toBeGreaterThan(p.sim.annualVol * 0.8);
      expect(annual).toBeLessThan(p.sim.annualVol * 1.6);
    }
  });

  it('backfills 48 h of minutes, 14 days of hours and 120 days of days, ending at the reference price', () => {
    const { bars, last } = backfill(btc, rngOf(1), T0 + 12_345);
    const minutes = bars.filter((b) => b.res === 60);
    const hours = bars.filter((b) => b.res === 3600);
    const days = bars.filter((b) => b.res === 86400);
    expect(minutes).toHaveLength(48 * 60 + 30); // 48 h from the start of the current hour, plus 30 minutes of it
    expect(hours).toHaveLength(14 * 24 + 14); // 14 days, and the 14 hours before the minutes start on 31 Oct
    expect(days).toHaveLength(120);
    expect(hours[0]?.t).toBe((days[days.length - 1]?.t ?? 0) + DAY);
    expect(minutes[0]?.t).toBe((hours[hours.length - 1]?.t ?? 0) + HOUR);
    expect(minutes[minutes.length - 1]?.t).toBe(T0 - MINUTE);
    expect(last).toEqual({ t: T0 - 1000, price: btc.sim.price });
    for (const b of bars) {
      expect(b.high >= b.open && b.high >= b.close && b.low <= b.open && b.low <= b.close && b.low > 0n).toBe(true);
    }
    // Continuous: each bar opens at the previous close.
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]?.open).toBe(minutes[i - 1]?.close);
  });

  it('backfills a stock only in its trading minutes', () => {
    const { bars } = backfill(aapl, rngOf(1), T0);
    const minutes = bars.filter((b) => b.res === 60);
    expect(minutes.every((b) => isOpen('nyse', b.t))).toBe(true);
    // Monday 09:30 in New York: the last 48 h are a weekend, so the backfill reaches back for two sessions' worth.
    expect(minutes.length).toBeGreaterThanOrEqual(2 * 390);
    // Friday 30 Oct was still on summer time: 13:30-20:00 UTC, every minute of it.
    const friday = minutes.filter((b) => b.t >= Date.UTC(2026, 9, 30, 13, 30) && b.t < Date.UTC(2026, 9, 30, 20, 0));
    expect(friday).toHaveLength(390);
  });

  it('fills a downtime gap: ticks for the first ten minutes, bars after, live ticks for the current minute', () => {
    const last = { t: T0, price: btc.sim.price };
    const now = T0 + 3 * HOUR + 15_000;
    const gap = fillGap(btc, rngOf(1), last, now);
    const dense = gap.ticks.filter((k) => k.t < T0 + 11 * MINUTE);
    expect(dense[0]?.t).toBe(T0 + 1000);
    expect(dense.length).toBeGreaterThanOrEqual(600);
    expect(gap.ticks[gap.ticks.length - 1]?.t).toBe(now);
    const minuteBars = new Set(gap.bars.map((b) => b.t));
    // Every minute between the dense part and the current minute has a bar: no hole.
    const firstBar = Math.min(...minuteBars);
    for (let t = firstBar; t < Math.floor(now / MINUTE) * MINUTE; t += MINUTE) expect(minuteBars.has(t)).toBe(true);
    expect(gap.historyTicks).toHaveLength(gap.bars.length);
    // The gap continues the same walk as live polling would for its dense part.
    const live = new Simulator([btc], secret(1), rngOf(1));
    live.resume(start(btc, T0), T0);
    expect(live.poll(T0 + 60_000).ticks).toEqual(gap.ticks.filter((k) => k.t <= T0 + 60_000));
  });

  it('walks hours, not minutes, for the part of a long gap older than 48 h', () => {
    const gap = fillGap(btc, rngOf(1), { t: T0 - 10 * DAY, price: btc.sim.price }, T0);
    expect(gap.bars.filter((b) => b.res === 60).length).toBeLessThan(50 * 60);
    expect(gap.bars.filter((b) => b.res === 3600).length).toBeGreaterThan(7 * 24);
  });
});
