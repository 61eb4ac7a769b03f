// The benchmark's server: the real one (startServer), on a fresh PGlite data directory, with the demo member
// holding 1,000 open orders on BTCUSDT, a second member holding 10,000 on SOLUSDT (the seam and worker
// figures), and a third with none (the same BTCUSDT chart without orders: what the orders cost, and only that). The orders are inserted with SQL (placing them through order/create takes minutes), with their stake
// and fee debited as ledger rows, so the books balance as if placed.
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config.ts';
import { rows } from '../../server/db/rows.ts';
import { move } from '../../server/domain/ledger.ts';
import { DEMO } from '../../server/seed.ts';
import { startServer, type Running } from '../../server/start.ts';
import { cents } from '../../src/shared/money.ts';

export const ORDERS = 1_000;
export const MANY_ORDERS = 10_000;
/** Four hours: every order stays open through any sensible number of runs. The API offers 30–300 s only. */
const CYCLE_S = 4 * 3_600;
const AMOUNT = 1_000n; // 10.00, the minimum
const FEE = 2n; // 0.2 %

/** Whose page a phase is: 1,000 open orders on the orders product, 10,000 on another, or none. */
export type BenchMember = 'demo' | 'many' | 'none';

export interface BenchServer {
  readonly url: string;
  readonly tokens: Readonly<Record<BenchMember, string>>;
  /** The demo member's 1,000 orders are on it; the member with none views it for the chart alone. */
  readonly ordersProductId: number;
  /** The 10,000 orders of the `many` member are on it. */
  readonly manyOrdersProductId: number;
  stop(): Promise<void>;
}

async function productId(running: Running, symbol: string): Promise<number> {
  const [row] = await rows<{ id: number }>(running.deps.db, sql`SELECT id FROM products WHERE symbol = ${symbol}`);
  if (!row) throw new Error(`no product ${symbol}`);
  return Number(row.id);
}

/**
 * `count` orders of `username`, opened one every `spacingMs` up to now, at the close of their minute's candle (a
 * first start backfills candles, not ticks).
 */
async function placeOpenOrders(running: Running, username: string, product: number, count: number, spacingMs: number): Promise<void> {
  const db = running.deps.db;
  const [user] = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE username = ${username}`);
  if (!user) throw new Error(`no member ${username}`);
  const userId = Number(user.id);
  const now = running.deps.clock.now();
  await db.transaction(async (tx) => {
    // The operator's `credit demo 20000`, through the ledger.
    await move(tx, { userId, type: 'adjust', available: cents(BigInt(count) * 2_000n), ref: 'bench: main-thread funding', at: now });
    await tx.execute(sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
      SELECT ${userId}, ${product}, CASE WHEN i % 2 = 0 THEN 'rise' ELSE 'fall' END, ${AMOUNT}, ${FEE}, ${CYCLE_S}, 920000,
             tick.price, tick.t, ${now}::bigint - i * ${spacingMs}, ${now}::bigint - i * ${spacingMs} + ${CYCLE_S * 1000}
      FROM generate_series(0, ${count - 1}) i
      CROSS JOIN LATERAL (SELECT t, close AS price FROM candles WHERE product_id = ${product} AND res = 60 AND t <= ${now}::bigint - i * ${spacingMs} ORDER BY t DESC LIMIT 1) tick`);
    const [balance] = await rows<{ total: string }>(tx, sql`SELECT (available + frozen)::text AS total FROM accounts WHERE user_id = ${userId}`);
    const before = BigInt(balance?.total ?? '0');
    // Stake then fee per order, oldest first, each with the running balance after it.
    await tx.execute(sql`INSERT INTO ledger (user_id, type, amount, available_delta, balance_after, ref, created_at)
      SELECT ${userId}, kind, -x, -x, ${before}::bigint - sum(x) OVER (ORDER BY open_time, id, k), order_no, to_timestamp(open_time / 1000.0)
      FROM orders CROSS JOIN LATERAL (VALUES ('order_stake', amount, 0), ('order_fee', fee, 1)) v(kind, x, k)
      WHERE user_id = ${userId} AND status = 'open'`);
    const total = BigInt(count) * (AMOUNT + FEE);
    const updated = await rows<{ n: number }>(
      tx,
      sql`UPDATE accounts SET available = available - ${total}::bigint WHERE user_id = ${userId} AND available >= ${total}::bigint RETURNING 1 AS n`,
    );
    if (updated.length !== 1) throw new Error('bench orders: balance too low');
  });
  const [open] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'open' AND user_id = ${userId}`);
  if (Number(open?.n) !== count) throw new Error(`bench orders: ${open?.n} open, expected ${count}`);
}

const MANY = { username: 'bench10k', password: 'bench10k-pass', phone: '13900010000' };
const NONE = { username: 'benchnone', password: 'benchnone-pass', phone: '13900010001' };

/** Another member, registered through the API as the app would (the demo's invitation code). */
async function register(url: string, member: typeof MANY): Promise<void> {
  const response = await fetch(new URL('api/user/register', url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...member, confirmPassword: member.password, inviteCode: DEMO.inviteCode }),
  });
  const json = (await response.json()) as { code: number; msg: string };
  if (json.code !== 0) throw new Error(`register ${member.username} failed: ${json.msg}`);
}

async function login(url: string, member: { username: string; password: string }): Promise<string> {
  const response = await fetch(new URL('api/user/login', url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: member.username, password: member.password }),
  });
  const json = (await response.json()) as { code: number; msg: string; data?: { accessToken?: string } };
  const token = json.data?.accessToken;
  if (json.code !== 0 || !token) throw new Error(`login failed: ${json.msg}`);
  return token;
}

/** `tls`: the server's certificate settings, to serve HTTPS with HTTP/2 as members get it (data-plan). */
export async function startBenchServer(workDir: string, siteDir: string, tls: Readonly<Record<string, string>> = {}): Promise<BenchServer> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(workDir, 'data'), STATIC_DIR: siteDir, ...tls });
  const running = await startServer(config);
  try {
    const ordersProductId = await productId(running, 'BTCUSDT');
    const manyOrdersProductId = await productId(running, 'SOLUSDT');
    const url = running.url.replace('localhost', '127.0.0.1');
    await placeOpenOrders(running, DEMO.username, ordersProductId, ORDERS, 1_000);
    await register(url, MANY);
    await placeOpenOrders(running, MANY.username, manyOrdersProductId, MANY_ORDERS, 1_000);
    await register(url, NONE);
    const tokens = { demo: await login(url, DEMO), many: await login(url, MANY), none: await login(url, NONE) };
    return { url, tokens, ordersProductId, manyOrdersProductId, stop: () => running.stop() };
  } catch (error) {
    await running.stop();
    throw error;
  }
}
