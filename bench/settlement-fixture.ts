// The settlement benchmark's database: members in invite chains with funded accounts, recorded BTC prices
// around the settle second, and N open orders due in that second. Each run starts from the same state: a
// PGlite data-directory snapshot, or on a real PostgreSQL (DATABASE_URL) a database copied from a template.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { rows } from '../server/db/rows.ts';
import { loadProducts } from '../server/market/catalog.ts';
import { recordTicks } from '../server/testing/market.ts';

export const MEMBERS = 1_000;
/** Chains of ten: the first of each has no inviter, the tenth has nine generations above it. */
export const CHAIN = 10;
export const SETTLE_AT = Date.UTC(2026, 10, 2, 14, 40, 0);

export interface BenchDatabases {
  readonly kind: 'pglite' | 'postgres';
  /** A fresh copy of the seeded database. */
  fresh(): Promise<Database>;
  /** Closes a copy (and drops it on PostgreSQL). */
  release(database: Database): Promise<void>;
  close(): Promise<void>;
}

async function seed(database: Database): Promise<void> {
  const db = database.db;
  await db.execute(sql`INSERT INTO users (username, phone, password_hash, invite_code)
    SELECT 'bench' || i, '139' || lpad(i::text, 8, '0'), 'x', 'BENCH' || i FROM generate_series(1, ${MEMBERS}) i`);
  await db.execute(sql`UPDATE users c SET inviter_id = p.id FROM users p
    WHERE c.username LIKE 'bench%' AND p.username = 'bench' || (substr(c.username, 6)::int - 1)
      AND substr(c.username, 6)::int % ${CHAIN} <> 1`);
  // Funded through ledger rows, so the ledger invariant holds from the start.
  await db.execute(sql`INSERT INTO accounts (user_id, available) SELECT id, 100000000 FROM users WHERE username LIKE 'bench%'`);
  await db.execute(sql`INSERT INTO ledger (user_id, type, amount, available_delta, balance_after, ref)
    SELECT user_id, 'adjust', available, available, available, 'bench funding' FROM accounts`);
  const btc = (await loadProducts(db)).find((p) => p.symbol === 'BTCUSDT');
  if (!btc) throw new Error('no BTCUSDT');
  await recordTicks(db, btc, [[SETTLE_AT - 31_000, '67000.00'], [SETTLE_AT, '67001.00'], [SETTLE_AT + 1000, '67002.00']]);
}

/** `count` open orders of 1,000.00 (fee 2.00) on BTCUSDT, rise and fall alternating, all due at SETTLE_AT. */
export async function addDueOrders(database: Database, count: number): Promise<void> {
  const db = database.db;
  const [btc] = await rows<{ id: number }>(db, sql`SELECT id FROM products WHERE symbol = 'BTCUSDT'`);
  await db.execute(sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
    SELECT u.id, ${btc?.id}, CASE WHEN i % 2 = 0 THEN 'rise' ELSE 'fall' END, 100000, 200, 30, 800000, 6700000,
           ${SETTLE_AT - 31_000}, ${SETTLE_AT - 30_000}, ${SETTLE_AT}
    FROM generate_series(1, ${count}) i JOIN users u ON u.username = 'bench' || (1 + i % ${MEMBERS})`);
  // A real server plans by statistics; give it fresh ones, as autovacuum would shortly after a burst of orders.
  await db.execute(sql`ANALYZE orders`);
}

async function pgliteDatabases(): Promise<BenchDatabases> {
  const first = await openPglite(undefined);
  await migrate(first);
  await seed(first);
  const snapshot = await first.dump();
  await first.close();
  return {
    kind: 'pglite',
    fresh: () => openPglite(undefined, snapshot),
    release: (d) => d.close(),
    close: async () => undefined,
  };
}

async function postgresDatabases(url: string): Promise<BenchDatabases> {
  const tag = randomBytes(4).toString('hex');
  const template = `cw_bench_${tag}_tpl`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const named = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  await admin.query(`CREATE DATABASE ${template}`);
  const t = await openPostgres(named(template));
  await migrate(t);
  await seed(t);
  await t.close();
  const names = new WeakMap<Database, string>();
  let n = 0;
  return {
    kind: 'postgres',
    fresh: async () => {
      n += 1;
      const name = `cw_bench_${tag}_${n}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      const d = await openPostgres(named(name));
      names.set(d, name);
      return d;
    },
    release: async (d) => {
      await d.close();
      const name = names.get(d);
      if (name) await admin.query(`DROP DATABASE ${name}`);
    },
    close: async () => {
      await admin.query(`DROP DATABASE ${template}`);
      await admin.end();
    },
  };
}

export function benchDatabases(): Promise<BenchDatabases> {
  const url = process.env['DATABASE_URL'];
  return url ? postgresDatabases(url) : pgliteDatabases();
}

/** What settlement (and the cashback queue) must leave behind, compared between ours and the baseline, and the ledger invariant. */
export async function outcome(database: Database): Promise<{ summary: string; ledgerOk: boolean }> {
  const db = database.db;
  const [s] = await rows<Record<string, string>>(
    db,
    sql`SELECT (SELECT count(*) FROM orders WHERE status = 'open')::text AS open,
               (SELECT count(*) || '/' || COALESCE(sum(payout), 0) FROM orders WHERE status <> 'open')::text AS settled,
               (SELECT count(*) || '/' || COALESCE(sum(amount), 0) FROM referral_cashback)::text AS cashback,
               (SELECT count(*) FROM cashback_queue)::text AS queued,
               (SELECT md5(string_agg(user_id || ':' || available, ',' ORDER BY user_id)) FROM accounts) AS balances,
               (SELECT count(*) FROM ledger)::text AS ledger_rows`,
  );
  const [bad] = await rows<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM accounts a
        LEFT JOIN (SELECT user_id, sum(amount) AS total, sum(available_delta) AS avail FROM ledger GROUP BY user_id) l ON l.user_id = a.user_id
        WHERE COALESCE(l.total, 0) <> a.available + a.frozen OR COALESCE(l.avail, 0) <> a.available`,
  );
  return { summary: JSON.stringify(s), ledgerOk: bad?.n === '0' };
}
