import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { contactCommands } from '../operator/commands/contact.ts';
import { useTestServer } from '../testing/harness.ts';
import { CONTACT_LIMIT_PER_HOUR } from './contact.ts';

const s = useTestServer();
const HOUR = 3_600_000;
const count = async () => Number((await rows<{ n: string }>(s.deps.db, sql`SELECT count(*) AS n FROM contact_requests`))[0]?.n ?? 0);
const contact = (body: object) => s.call('support/contact', body);
const valid = { name: 'Lan', contact: '0912345678', message: 'I forgot my password; my username is lan88.' };

describe('support/contact (a visitor reaches support without a session)', () => {
  it('stores a message from someone with no token, verbatim', async () => {
    const r = await contact({ ...valid, message: `<b>help</b> & "quotes"` });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ createdAt: s.clock.now() });
    const [row] = await rows<{ name: string; message: string }>(s.deps.db, sql`SELECT name, message FROM contact_requests ORDER BY id DESC LIMIT 1`);
    expect(row).toEqual({ name: 'Lan', message: `<b>help</b> & "quotes"` });
  });

  it('refuses empty, too long or missing fields with field errors and stores nothing', async () => {
    const before = await count();
    const empty = await contact({ ...valid, message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toMatchObject({ fields: { message: 'field.required' } });
    const long = await contact({ ...valid, name: 'x'.repeat(61) });
    expect(long.body.data).toMatchObject({ fields: { name: 'field.too_long' } });
    expect((await contact({ name: 'Lan' })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it(`allows ${CONTACT_LIMIT_PER_HOUR} messages an hour per address, then says rate limited, and again after the hour`, async () => {
    s.clock.set(s.clock.now() + 2 * HOUR);
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i += 1) expect((await contact(valid)).status).toBe(200);
    const before = await count();
    const refused = await contact(valid);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('error.rate_limited');
    expect(await count()).toBe(before);
    s.clock.set(s.clock.now() + HOUR + 1);
    expect((await contact(valid)).status).toBe(200);
  });

  it('the operator lists open requests and marks one done', async () => {
    const [inbox, done] = contactCommands;
    if (!inbox || !done) throw new Error('contact commands missing');
    const listed = await inbox.run(s.deps, []);
    expect(listed).toContain('"0912345678"');
    const id = /#(\d+)/.exec(listed)?.[1] ?? '';
    expect(await done.run(s.deps, [id])).toBe(`Contact request #${id} marked done.`);
    expect(await done.run(s.deps, [id])).toBe(`No open contact request #${id}.`);
    expect(await inbox.run(s.deps, [])).not.toContain(`#${id} `);
    await expect(done.run(s.deps, ['x'])).rejects.toThrow('want one request id');
  });
});

