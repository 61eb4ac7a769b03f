// The live market stream (GET product/live) across three real server processes on one PostgreSQL: a watcher on
// every instance, over real HTTP, gets every trade the feed's leader writes, in order, none missing and none
// doubled, compared with the ticks table; the non-leaders hear each watermark by NOTIFY, not by polling. Then the
// leader is SIGKILLed mid-stream: a survivor takes the feed over, the survivors' streams carry on across the
// takeover, and the watcher that was on the dead leader resumes on a survivor from its cursor with exactly the
// trades it lacked. PostgreSQL only (skipped on PGlite). Every wait is on an event (a stream's event, a NOTIFY).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { formatScaled } from '../market/prices.ts';
import { TRADES_LIMIT } from '../market/turnover.ts';
import { createTestDatabase } from '../testing/harness.ts';
import { dbNow, holdersOf } from './db.ts';
import { Instances, type Instance } from './instances.ts';
import { LiveWatch, WatermarkLog, type Trade } from './live-watch.ts';

const url = process.env['DATABASE_URL'] ?? '';
/** How long the steady window runs, in the feed's seconds (each one a watermark and a tick per product). */
const WINDOW_S = 8;
/** How long the streams are followed after the new leader's first write. */
const AFTER_TAKEOVER_S = 4;

describe.skipIf(!url)('the live stream across three instances on one PostgreSQL', () => {
  let instances: Instances | undefined;
  let database: Database | undefined;
  let notifies: WatermarkLog | undefined;
  const watches: LiveWatch[] = [];
  /** Watched in full on every stream: two around-the-clock products with different price and quantity decimals. */
  let full: MarketProduct[] = [];
  /** Quoted only. */
  let quoted: MarketProduct | undefined;
  let query = '';

  const db = (): Db => {
    if (!database) throw new Error('beforeAll did not finish');
    return database.db;
  };
  const group = (): Instances => {
    if (!instances) throw new Error('beforeAll did not finish');
    return instances;
  };
  const open = async (instance: Instance, q: string, gzip: boolean): Promise<LiveWatch> => {
    const watch = await LiveWatch.open(instance, q, gzip);
    watches.push(watch);
    return watch;
  };
  const named = (name: string): Instance => {
    const found = group().live.find((i) => i.name === name);
    if (!found) throw new Error(`no live instance ${name}`);
    return found;
  };
  const feedLeader = async (): Promise<string> => {
    const holders = await holdersOf(db(), 'market-feed');
    expect(holders).toHaveLength(1);
    return holders[0] ?? '';
  };
  const heard = (): WatermarkLog => {
    if (!notifies) throw new Error('beforeAll did not finish');
    return notifies;
  };
  /** The instances whose last word on the feed's lead is that they lead it (each says so, or that it lost it). */
  const runningFeed = (): string[] =>
    group().live.filter((i) => i.output.findLast((l) => /\[leader\] (this instance leads|lost the lead of) market-feed\b/.test(l))?.includes(' leads ')).map((i) => i.name);
  const senders = new Map<number, string | null>();
  /** The instance a backend belongs to (null once it is gone): pool connections carry the instance's PGAPPNAME. */
  const senderOf = async (pid: number): Promise<string | null> => {
    if (!senders.has(pid)) {
      const [r] = await rows<{ name: string }>(db(), sql`SELECT application_name AS name FROM pg_stat_activity WHERE pid = ${pid}`);
      senders.set(pid, r?.name ?? null);
    }
    return senders.get(pid) ?? null;
  };

  beforeAll(async () => {
    const dbUrl = await createTestDatabase(url);
    const g = new Instances(dbUrl);
    instances = g;
    // The first migrates, seeds and backfills the market, and takes every job's lock; the others stand by. (Under
    // load its first start can outlast a lock's silent limit and hand the feed to a standby: the tests ask who leads.)
    await g.start('cw-a');
    await Promise.all([g.start('cw-b'), g.start('cw-c')]);
    database = await openPostgres(dbUrl, 2);
    const products = await loadProducts(db());
    const bySymbol = (s: string) => {
      const p = products.find((x) => x.symbol === s);
      if (!p || p.session !== 'always') throw new Error(`no around-the-clock ${s}`);
      return p;
    };
    full = [bySymbol('BTCUSDT'), bySymbol('SOLUSDT')];
    quoted = bySymbol('ETHUSDT');
    query = `watch=${full.map((p) => p.id).join(',')}&quotes=${quoted.id}`;
    notifies = await WatermarkLog.listen(dbUrl);
  }, 120_000);

  afterAll(async () => {
    for (const w of watches) w.close();
    await instances?.stopAll();
    await notifies?.close();
    await database?.close();
  }, 60_000);

  /** The stored ticks of a product after `after` and at or before `upTo`, oldest first, as the stream sends them. */
  const ticksOf = async (p: MarketProduct, after: number, upTo: number, newest?: number): Promise<Trade[]> => {
    const found = await rows<{ t: string; price: string; qty: string; up: boolean }>(
      db(),
      sql`SELECT t::text, price::text, qty::text, up FROM ticks WHERE product_id = ${p.id} AND t > ${after} AND t <= ${upTo}
          ORDER BY t DESC LIMIT ${newest ?? 1_000_000}`,
    );
    return found.reverse().map((r): Trade => [Number(r.t), formatScaled(BigInt(r.price), p.decimals), formatScaled(BigInt(r.qty), p.qtyDecimals), r.up ? 'rise' : 'fall']);
  };

  /**
   * What a stream opened without a cursor must have sent by its last event: its first event's latest trades (the
   * newest TRADES_LIMIT at or before its watermark), then every tick after that up to its last watermark.
   */
  const expectedFrom = async (p: MarketProduct, first: number, last: number): Promise<Trade[]> => [
    ...(await ticksOf(p, -1, first, TRADES_LIMIT)),
    ...(await ticksOf(p, first, last)),
  ];

  /** One tick per second in (after, upTo]: the feed wrote every second, so "none missing" is not an empty claim. */
  const everySecond = async (p: MarketProduct, after: number, upTo: number): Promise<void> => {
    const ts = (await ticksOf(p, after, upTo)).map((t) => t[0]);
    const seconds = Math.floor(upTo / 1000) - Math.floor(after / 1000);
    expect(ts.length, `${p.symbol} ticks in (${after}, ${upTo}]`).toBe(seconds);
    ts.forEach((t, i) => i > 0 && expect(t - (ts[i - 1] ?? 0), `${p.symbol} at ${t}`).toBe(1000));
  };

  /** Milliseconds from each trade's time (its second) to its arrival, for trades after the stream's first event. */
  const latencies = (watch: LiveWatch): number[] =>
    watch.arrivals.slice(1).flatMap((a) => (a.event.products ?? []).flatMap((p) => (p.trades ?? []).map((t) => a.at - t[0])));
  const describeMs = (ms: readonly number[]): string => {
    const sorted = [...ms].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1) ?? NaN} ms (n ${sorted.length})`;
  };

  it('a watcher on every instance, over HTTP, gets every trade the leader writes, in order, once; the non-leaders hear each watermark by NOTIFY', async () => {
    const leaderName = await feedLeader();
    const others = group().live.filter((i) => i.name !== leaderName);
    expect(others).toHaveLength(2);
    const leader = named(leaderName);
    // One feed at a time: the lock's holder is the one instance that says it runs the feed.
    expect(runningFeed()).toEqual([leaderName]);
    const [nonLeader, third] = others;
    if (!nonLeader || !third) throw new Error('two non-leaders expected');

    // The non-leader's stream is gzip, as browsers ask for it; the others plain.
    const main = await open(nonLeader, query, true);
    const onLeader = await open(leader, query, false);
    const onThird = await open(third, query, false);
    expect([main.encoding, onLeader.encoding, onThird.encoding]).toEqual(['gzip', null, null]);
    const streams = [main, onLeader, onThird];
    const first = Math.max(...streams.map((s) => s.firstW));
    // After the opens: an instance's first stream reads the watermark once, as it has heard none yet.
    const windowStart = await dbNow(db());

    // Step by step on the non-leader's stream: at each event, no connection of a non-leader has read the
    // watermark since the window began (a poller's would, every second), and the feed is still led elsewhere.
    const readers: string[] = [];
    let seen = main.arrivals.length;
    while (main.w < first + WINDOW_S * 1000) {
      await main.until(() => main.arrivals.length > seen, 'its next event');
      seen = main.arrivals.length;
      const found = await rows<{ name: string; query: string }>(
        db(),
        sql`SELECT application_name AS name, query FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = ANY(${`{${others.map((i) => i.name).join(',')}}`}::text[])
              AND query ILIKE '%market_watermark%' AND query_start >= to_timestamp(${windowStart} / 1000.0)`,
      );
      readers.push(...found.map((r) => `${r.name}: ${r.query}`));
    }
    expect(readers).toEqual([]);
    expect(await feedLeader()).toBe(leaderName);
    const last = main.w;
    await Promise.all(streams.map((s) => s.reach(last)));

    // Their listening connections have been idle since before the window (LISTEN, then one read at connect).
    const listeners = await rows<{ name: string; state: string; idle_since: string }>(
      db(),
      sql`SELECT application_name AS name, state, (extract(epoch FROM state_change) * 1000)::int8::text AS idle_since FROM pg_stat_activity
          WHERE datname = current_database() AND application_name LIKE '%-live' ORDER BY application_name`,
    );
    expect(listeners.map((l) => l.name)).toEqual(['cw-a-live', 'cw-b-live', 'cw-c-live']);
    for (const l of listeners) {
      expect(l.state, l.name).toBe('idle');
      expect(Number(l.idle_since), l.name).toBeLessThan(windowStart);
    }

    // The non-leader's watermarks are NOTIFYd ones, in the order NOTIFYd, a feed step (a second) at a time: two
    // only if its read of one step ran past the next NOTIFY (the hub then reads both at once).
    const ws = [...new Set(main.arrivals.map((a) => a.event.w))];
    const steps = ws.slice(1).map((w, i) => w - (ws[i] ?? 0));
    const sent = heard().heard.map((n) => n.w);
    console.log(`non-leader ${nonLeader.name}: watermark steps ${steps.join(' ')} ms`);
    const positions = ws.slice(1).map((w) => sent.indexOf(w));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    for (const step of steps) expect([1000, 2000]).toContain(step);
    // And every watermark of the window was NOTIFYd by a connection of the leader's, none by another instance.
    const inWindow = heard().heard.filter((n) => n.w > first && n.w <= last);
    expect(inWindow.length).toBeGreaterThanOrEqual(WINDOW_S);
    expect(new Set(await Promise.all(inWindow.map((n) => senderOf(n.pid))))).toEqual(new Set([leaderName]));

    for (const p of full) await everySecond(p, first, last);
    // Every stream: exactly the stored ticks, in order, once, for both products watched in full; the quoted one
    // gets no trades.
    for (const s of streams) {
      const w0 = s.firstW;
      for (const p of full) {
        expect(s.trades(p.id), `${s.instance.name} ${p.symbol}`).toEqual(await expectedFrom(p, w0, s.w));
      }
      expect(s.trades(quoted?.id ?? 0)).toEqual([]);
      expect(s.arrivals.some((a) => a.event.products?.some((p) => p.id === quoted?.id && p.quote !== undefined))).toBe(true);
    }
    for (const s of streams) console.log(`${s.instance.name}${s.instance.name === leaderName ? ' (leader)' : ''}: ${s.arrivals.length} events, trade time to arrival ${describeMs(latencies(s))}`);
  }, 60_000);

  it('the leader is SIGKILLed mid-stream: a survivor takes the feed over, the survivors stream on, and the dead leader\'s watcher resumes on a survivor with exactly what it lacked', async () => {
    const leaderName = await feedLeader();
    const leader = named(leaderName);
    const onLeader = watches.find((w) => w.instance === leader);
    const survivors = watches.filter((w) => w.instance !== leader);
    const [resumeOn, resumeLateOn] = group().live.filter((i) => i !== leader);
    if (!onLeader || survivors.length !== 2 || !resumeOn || !resumeLateOn) throw new Error('the first test did not finish');

    // Mid-stream: right after one of its events, the leader dies with its stream open.
    const seen = onLeader.arrivals.length;
    await onLeader.until(() => onLeader.arrivals.length > seen, 'its next event');
    const killAt = await dbNow(db());
    const heardBefore = heard().heard.length;
    await group().kill(leader);
    const why = await onLeader.end();
    const cursor = onLeader.w;

    // It comes back at once on a survivor with its cursor for each product, while nobody may lead the feed yet.
    const fromCursor = `watch=${full.map((p) => `${p.id}:${cursor}`).join(',')}&quotes=${quoted?.id ?? 0}`;
    const resumed = await open(resumeOn, fromCursor, true);
    const resumedAt = resumed.firstW;

    // The takeover: the first watermark a survivor's connection NOTIFYs (the dead leader's last commit may land
    // just after the kill: its backend finishes what it was sent). That survivor now holds the feed's lock.
    const alive = new Set(group().live.map((i) => i.name));
    const takeover = await heard().first(async (n) => alive.has((await senderOf(n.pid)) ?? ''), 'a survivor\'s first watermark', heardBefore);
    const taken = takeover.w;
    const atKill = Math.max(...heard().heard.slice(0, heard().heard.indexOf(takeover)).map((n) => n.w));
    // Its first write may raise nothing: a takeover within the dead leader's last second writes only that second's rest.
    expect(cursor).toBeLessThanOrEqual(atKill);
    expect(taken).toBeGreaterThanOrEqual(atKill);
    const newLeader = await senderOf(takeover.pid);
    expect(await feedLeader()).toBe(newLeader);
    expect(runningFeed()).toEqual([newLeader]);
    const [main] = survivors;
    if (!main) throw new Error('no survivor stream');
    await main.reach(taken);
    // The same client coming back a few seconds later, on the other survivor: its first event brings what it lacked
    // (up to where that instance has read: it may be a step behind the stream waited on).
    await main.reach(Math.max(taken, cursor + 3000));
    const late = await open(resumeLateOn, fromCursor, false);
    const lateAt = late.firstW;
    expect(lateAt).toBeGreaterThan(atKill);
    const last = taken + AFTER_TAKEOVER_S * 1000;
    for (const s of [...survivors, resumed, late]) await s.reach(last);
    // A survivor that still does not lead streams on by NOTIFY alone.
    expect(await feedLeader()).toBe(newLeader);
    const follower = survivors.find((s) => s.instance.name !== newLeader);
    expect(follower).toBeDefined();
    expect(follower?.w).toBeGreaterThanOrEqual(last);

    // The watcher on the dead leader: what it had, then from its cursor exactly the rest: nothing twice, no gap.
    const w0 = onLeader.firstW;
    for (const p of full) {
      expect(onLeader.trades(p.id), `${p.symbol} before the kill`).toEqual(await expectedFrom(p, w0, cursor));
      expect(resumed.trades(p.id), `${p.symbol} after the resume`).toEqual(await ticksOf(p, cursor, resumed.w));
      expect(late.trades(p.id), `${p.symbol} after the late resume`).toEqual(await ticksOf(p, cursor, late.w));
      const lateFirst = late.arrivals[0]?.event.products?.find((x) => x.id === p.id)?.trades ?? [];
      expect(lateFirst.length, `${p.symbol}: the late resume's first event`).toBeGreaterThan(0);
      expect(lateFirst).toEqual(await ticksOf(p, cursor, lateAt));
      // The feed itself lost no second across the takeover (the new leader filled the gap).
      await everySecond(p, w0, resumed.w);
    }
    // The survivors' streams ran through the takeover unbroken, every trade once.
    for (const s of survivors) {
      expect(s.ended).toBeNull();
      const first = s.firstW;
      for (const p of full) expect(s.trades(p.id), `${s.instance.name} ${p.symbol}`).toEqual(await expectedFrom(p, first, s.w));
    }
    expect(killAt).toBeGreaterThan(w0);
    expect(resumed.w).toBeGreaterThan(killAt);

    console.log(
      `takeover: ${leaderName} killed (its stream: ${why.message}) with its watermark at ${atKill} and its watcher's cursor at ${cursor}; ` +
        `${newLeader} took the feed: its first NOTIFY (watermark +${Math.round((taken - atKill) / 1000)} s) heard ${takeover.at - killAt} ms after the kill; ` +
        `resumed at once on ${resumeOn.name} (first event at ${resumedAt}, ${resumedAt < cursor ? 'behind' : 'at or past'} the cursor), ` +
        `${full.map((p) => resumed.trades(p.id).length).join('+')} trades since; resumed later on ${resumeLateOn.name}, first event +${lateAt - cursor} ms past the cursor`,
    );
    for (const s of [...survivors, resumed, late]) console.log(`${s.instance.name}${s === resumed ? ' (resumed)' : s === late ? ' (resumed later)' : ''}: trade time to arrival ${describeMs(latencies(s))}`);
  }, 60_000);
});
