import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { rows } from '../db/rows.ts';
import { useTestServer } from '../testing/harness.ts';
import { loadProducts } from './catalog.ts';
import { parseScaled } from './prices.ts';
import { createMarketFeed } from './service.ts';
import { startMarketServices } from './services.ts';

const dir = mkdtempSync(join(tmpdir(), 'cw-replay-'));
copyFileSync(fileURLToPath(new URL('./fixtures/BTCUSDT.csv', import.meta.url)), join(dir, 'BTCUSDT.csv'));
// A file for no product and a file that is not CSV are both ignored.
writeFileSync(join(dir, 'NOSUCH.csv'), 'time,open,high,low,close,volume\n2024-03-01T00:00:00Z,1,1,1,1,1\n');
writeFileSync(join(dir, 'README.txt'), 'not a replay');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const s = useTestServer({ REPLAY_DIR: dir });
const prices = (productId: number) =>
  rows<{ t: string; price: string }>(s.deps.db, sql`SELECT t::text, price::text FROM ticks WHERE product_id = ${productId} ORDER BY t`);

describe('REPLAY_DIR', () => {
  it('is read from the environment, and unset by default', () => {
    expect(loadConfig({ REPLAY_DIR: '/srv/ohlcv' }).REPLAY_DIR).toBe('/srv/ohlcv');
    expect(loadConfig({}).REPLAY_DIR).toBeUndefined();
    expect(loadConfig({ REPLAY_DIR: '' }).REPLAY_DIR).toBeUndefined();
  });

  it('without it every product is simulated', async () => {
    expect((await createMarketFeed(s.deps.db, { REPLAY_DIR: undefined, DEMO: false })).feed.name).toBe('simulator');
  });

  it('a folder that cannot be read stops the start with a message naming the setting, in the feed and the routes', async () => {
    const missing = join(dir, 'missing');
    await expect(createMarketFeed(s.deps.db, { REPLAY_DIR: missing, DEMO: true })).rejects.toThrow(/^REPLAY_DIR .*missing: /);
    expect(() => createApp({ ...s.deps, config: { ...s.deps.config, REPLAY_DIR: missing } })).toThrow(/^REPLAY_DIR .*missing: /);
  });

  it('is refused without DEMO even when the configuration was not built by loadConfig', async () => {
    await expect(createMarketFeed(s.deps.db, { REPLAY_DIR: dir, DEMO: false })).rejects.toThrow(/^REPLAY_DIR: needs DEMO=true\. /);
  });

  it('marks the replayed products in the list and their details, and no other', async () => {
    const list = await s.call('product/list');
    const items = (list.body.data as { items: { id: number; symbol: string; replay?: true }[] }).items;
    expect(items.find((p) => p.symbol === 'BTCUSDT')?.replay).toBe(true);
    const live = items.filter((p) => p.symbol !== 'BTCUSDT');
    expect(live.length).toBeGreaterThan(0);
    // Absent rather than false: a live product's answer is as small as before.
    for (const p of live) expect(p, p.symbol).not.toHaveProperty('replay');
    const id = (symbol: string) => items.find((p) => p.symbol === symbol)?.id;
    expect((await s.call('product/details', { id: id('BTCUSDT') })).body.data).toMatchObject({ symbol: 'BTCUSDT', replay: true });
    expect((await s.call('product/details', { id: id('ETHUSDT') })).body.data).not.toHaveProperty('replay');
  });

  it('replays the products that have a file and simulates the others', async () => {
    const products = await loadProducts(s.deps.db);
    const btc = products.find((p) => p.symbol === 'BTCUSDT');
    const eth = products.find((p) => p.symbol === 'ETHUSDT');
    if (!btc || !eth) throw new Error('no BTCUSDT or ETHUSDT');
    const market = await createMarketFeed(s.deps.db, s.deps.config);
    expect(market.feed.name).toBe('replay+simulator');
    const start = s.clock.now();
    await market.resume(start);
    for (let k = 1; k <= 20; k++) await market.step(start + k * 1000);
    const replayed = (await prices(btc.id)).filter((r) => Number(r.t) > start);
    // The first bar opens at 61000.00 and then wanders inside [low, high], one tick a second (see replay.ts).
    expect(replayed).toHaveLength(20);
    expect(replayed[0]?.price).toBe(String(parseScaled('61000.00', btc.decimals)));
    for (const r of replayed) expect(BigInt(r.price) >= parseScaled('60900.00', btc.decimals) && BigInt(r.price) <= parseScaled('61250.50', btc.decimals)).toBe(true);
    expect((await prices(eth.id)).filter((r) => Number(r.t) > start)).toHaveLength(20);
  });

  it('is what npm start runs', async () => {
    s.clock.advance(60_000);
    const logged: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    const services = await startMarketServices(s.deps).finally(() => {
      console.log = log;
    });
    await Promise.all(services.map((x) => x.stop()));
    expect(logged.join('\n')).toContain('[market] replay+simulator: resumed');
  });
});
