// What the scale tests read and write straight in the database: funded members with sessions, the product they
// trade, the database's clock, the feed's watermark, and which instance holds a job's advisory lock.
import { sql } from 'drizzle-orm';
import { toCents } from '../../src/shared/money.ts';
import { createSession } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { accounts, users } from '../db/schema/core.ts';
import { move } from '../domain/ledger.ts';

export interface Member {
  readonly id: number;
  readonly username: string;
  readonly token: string;
}

/** Members funded through ledger entries (so the ledger invariant holds), each with a session token. */
export async function seedMembers(db: Db, count: number, now: number): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 1; i <= count; i++) {
    const username = `scale${i}`;
    // Never logs in: the token is made here, so no password (and no argon2 time) is needed.
    const [u] = await db.insert(users).values({ username, phone: `137${String(i).padStart(8, '0')}`, passwordHash: 'x', inviteCode: `SCALE${i}` }).returning({ id: users.id });
    if (!u) throw new Error(`member ${username} was not created`);
    await db.insert(accounts).values({ userId: u.id });
    await db.transaction((tx) => move(tx, { userId: u.id, type: 'adjust', available: toCents('100000.00'), ref: 'scale test funding', at: now }));
    const { accessToken } = await createSession(db, u.id, now, { idleMs: 3_600_000, maxMs: 3_600_000 });
    out.push({ id: u.id, username, token: accessToken });
  }
  return out;
}

export interface Product {
  readonly id: number;
  readonly cycle: number;
  /** Its minimum stake, as the API takes it. */
  readonly amount: string;
}

/** BTCUSDT (open around the clock), its shortest cycle and its minimum amount. */
export async function tradableProduct(db: Db): Promise<Product> {
  const [row] = await rows<{ id: number; seconds: number; min_amount: string }>(
    db,
    sql`SELECT p.id, min(c.seconds)::int AS seconds, p.min_amount::text FROM products p JOIN product_cycles c ON c.product_id = p.id
        WHERE p.symbol = 'BTCUSDT' GROUP BY p.id, p.min_amount`,
  );
  if (!row) throw new Error('no BTCUSDT product');
  return { id: row.id, cycle: row.seconds, amount: (Number(row.min_amount) / 100).toFixed(2) };
}

/** The database's clock in epoch ms: the servers run on this machine, so it is their clock too. */
export async function dbNow(db: Db): Promise<number> {
  const [r] = await rows<{ now: string }>(db, sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::int8::text AS now`);
  return Number(r?.now);
}

/** The feed's watermark: every tick at or before it is recorded. */
export async function watermark(db: Db): Promise<number> {
  const [r] = await rows<{ t: string }>(db, sql`SELECT t::text FROM market_watermark`);
  return Number(r?.t ?? 0);
}

/** leader.ts's advisory-lock class; the job name's hashtext is the second key. */
const LOCK_CLASS = 0x43570001;

/** The application_name of every session holding a job's lock on this database (one, or none in a takeover). */
export async function holdersOf(db: Db, job: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid::int8 = ${LOCK_CLASS} AND l.objid::int8 = hashtext(${job})::int8 & 4294967295`,
  );
  return found.map((r) => r.name);
}
