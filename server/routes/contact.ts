import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { rows } from '../db/rows.ts';
import { ApiError } from '../http/errors.ts';
import { route } from '../http/route.ts';

/** A person at one address may leave this many messages an hour: enough to correct a typo, a wall for a script. */
export const CONTACT_LIMIT_PER_HOUR = 3;
const HOUR = 3_600_000;

/** The visitor's contact form: no session needed; counted per IP in the database. */
export function contactRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'support/contact', async ({ body, db, now, ip }) => {
    const since = new Date(now - HOUR).toISOString();
    const [recent] = await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM contact_requests WHERE ip = ${ip} AND created_at > ${since}`);
    if (Number(recent?.n ?? 0) >= CONTACT_LIMIT_PER_HOUR) throw new ApiError('error.rate_limited');
    const [row] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO contact_requests (name, contact, message, ip, created_at) VALUES (${body.name}, ${body.contact}, ${body.message}, ${ip}, ${new Date(now).toISOString()}) RETURNING id`,
    );
    return { id: Number(row?.id ?? 0), createdAt: now };
  });
}
