import { and, asc, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { supportMessage } from '../../src/contract/support.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { users } from '../db/schema/core.ts';
import { supportMessages } from '../db/schema/support.ts';

export type SupportMessage = z.output<typeof supportMessage>;
type Row = typeof supportMessages.$inferSelect;

/** One poll answers at most this many messages; the app asks again from the cursor. */
export const PAGE = 100;

const view = (r: Row): SupportMessage => ({ id: r.id, from: r.sender, body: r.body, createdAt: r.createdAt.getTime() });

/**
 * A member's conversation, oldest first: after `since`, or the latest page when absent. The member id comes
 * from the session only, so nobody can read another member's conversation.
 */
export async function conversation(db: Db, userId: number, since: number | undefined) {
  const mine = eq(supportMessages.userId, userId);
  const page =
    since === undefined
      ? (await db.select().from(supportMessages).where(mine).orderBy(desc(supportMessages.id)).limit(PAGE)).reverse()
      : await db.select().from(supportMessages).where(and(mine, gt(supportMessages.id, since))).orderBy(asc(supportMessages.id)).limit(PAGE);
  const last = page.at(-1);
  return { items: page.map(view), cursor: last ? last.id : (since ?? 0) };
}

/** Messages from `from` to this member that the other side has not read. */
export async function unreadCount(db: Db, userId: number, from: 'member' | 'support'): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, from), isNull(supportMessages.readAt)));
  return r?.n ?? 0;
}

export async function markRead(db: Db, userId: number, from: 'member' | 'support', now: number): Promise<void> {
  await db
    .update(supportMessages)
    .set({ readAt: new Date(now) })
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, from), isNull(supportMessages.readAt)));
}

/** Stores the text exactly as given: escaping belongs to whoever renders it, and doing it here would double it. */
export async function addMessage(db: Db, userId: number, sender: 'member' | 'support', body: string, now: number): Promise<SupportMessage> {
  const [r] = await db.insert(supportMessages).values({ userId, sender, body, createdAt: new Date(now) }).returning();
  if (!r) throw new Error('support message not stored');
  return view(r);
}

export async function sentSince(db: Db, userId: number, since: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, 'member'), gte(supportMessages.createdAt, new Date(since))));
  return r?.n ?? 0;
}

/** The operator's inbox: conversations with member messages nobody has read, oldest waiting first. */
export async function inbox(db: Db) {
  return rows<{ username: string; unread: number | string; waiting_since: Date | string; last_body: string }>(
    db,
    sql`SELECT u.username, count(*) AS unread, min(m.created_at) AS waiting_since,
               (SELECT body FROM support_messages l WHERE l.user_id = u.id ORDER BY l.id DESC LIMIT 1) AS last_body
        FROM support_messages m JOIN ${users} u ON u.id = m.user_id
        WHERE m.sender = 'member' AND m.read_at IS NULL
        GROUP BY u.id, u.username ORDER BY waiting_since`,
  );
}
