// The benchmark's server: the real one (startServer), on a fresh PGlite data directory, with the demo member
// holding 1,000 open orders on BTCUSDT. The orders are inserted with SQL (placing them through order/create
// takes about a minute), with their stake and fee debited as ledger rows, so the books balance as if placed.
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config.ts';
import { rows } from '../../server/db/rows.ts';
import { move } from '../../server/domain/ledger.ts';
import { DEMO } from '../../server/seed.ts';
import { startServer, type Running } from '../../server/start.ts';

export const ORDERS = 1_000;
/** One hour: every order stays open through any sensible number of runs. The API offers 30–300 s only. */
const CYCLE_S = 3_600;
const AMOUNT = 1_000n; // 10.00, the minimum
const FEE = 2n; // 0.2 %

export interface BenchServer {
  readonly url: string;
  readonly token: string;
  /** Holds the orders: /xq with the chart and 1,000 countdowns. */
  readonly ordersProductId: number;
  /** Same kind of market without orders of mine: /xq with the chart alone. */
  readonly chartProductId: number;
  stop(): Promise<void>;
}

async function productId(running: Running, symbol: string): Promise<number> {
  const [row] = await rows<{ id: number }>(running.deps.db, sql`SELECT id FROM products WHERE symbol = ${symbol}`);
  if (!row) throw new Error(`no product ${symbol}`);
  return Number(row.id);
}

/** Orders opened one a second over the last 1,000 s, at the close of their minute's candle (a first start backfills candles, not ticks). */
async function placeOpenOrders(running: Running, product: number): Promise<void> {
  const db = running.deps.db;
  const [user] = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE username = ${DEMO.username}`);
  if (!user) throw new Error('no demo member');
  const userId = Number(user.id);
  const now = running.deps.clock.now();
  await db.transaction(async (tx) => {
    // The operator's `credit demo 20000`, through the ledger.
    await move(tx, { userId, type: 'adjust', available: 2_000_000n, ref: 'bench: main-thread funding', at: now });
    await tx.execute(sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
      SELECT ${userId}, ${product}, CASE WHEN i % 2 = 0 THEN 'rise' ELSE 'fall' END, ${AMOUNT}, ${FEE}, ${CYCLE_S}, 920000,
             tick.price, tick.t, ${now}::bigint - i * 1000, ${now}::bigint - i * 1000 + ${CYCLE_S * 1000}
      FROM generate_series(0, ${ORDERS - 1}) i
      CROSS JOIN LATERAL (SELECT t, close AS price FROM candles WHERE product_id = ${product} AND res = 60 AND t <= ${now}::bigint - i * 1000 ORDER BY t DESC LIMIT 1) tick`);
    const [balance] = await rows<{ total: string }>(tx, sql`SELECT (available + frozen)::text AS total FROM accounts WHERE user_id = ${userId}`);
    const before = BigInt(balance?.total ?? '0');
    // Stake then fee per order, oldest first, each with the running balance after it.
    await tx.execute(sql`INSERT INTO ledger (user_id, type, amount, available_delta, balance_after, ref, created_at)
      SELECT ${userId}, kind, -x, -x, ${before}::bigint - sum(x) OVER (ORDER BY open_time, id, k), order_no, to_timestamp(open_time / 1000.0)
      FROM orders CROSS JOIN LATERAL (VALUES ('order_stake', amount, 0), ('order_fee', fee, 1)) v(kind, x, k)
      WHERE user_id = ${userId} AND status = 'open'`);
    const total = BigInt(ORDERS) * (AMOUNT + FEE);
    const updated = await rows<{ n: number }>(
      tx,
      sql`UPDATE accounts SET available = available - ${total}::bigint WHERE user_id = ${userId} AND available >= ${total}::bigint RETURNING 1 AS n`,
    );
    if (updated.length !== 1) throw new Error('bench orders: balance too low');
  });
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'open'`);
  if (Number(count?.n) !== ORDERS) throw new Error(`bench orders: ${count?.n} open, expected ${ORDERS}`);
}

async function login(url: string): Promise<string> {
  const response = await fetch(new URL('api/user/login', url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO.username, password: DEMO.password }),
  });
  const json = (await response.json()) as { code: number; msg: string; data?: { accessToken?: string } };
  const token = json.data?.accessToken;
  if (json.code !== 0 || !token) throw new Error(`login failed: ${json.msg}`);
  return token;
}

export async function startBenchServer(workDir: string, siteDir: string): Promise<BenchServer> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(workDir, 'data'), STATIC_DIR: siteDir });
  const running = await startServer(config);
  try {
    const ordersProductId = await productId(running, 'BTCUSDT');
    const chartProductId = await productId(running, 'ETHUSDT');
    await placeOpenOrders(running, ordersProductId);
    const url = running.url.replace('localhost', '127.0.0.1');
    return { url, token: await login(url), ordersProductId, chartProductId, stop: () => running.stop() };
  } catch (error) {
    await running.stop();
    throw error;
  }
}
