import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX } from '../../src/contract/support.ts';
import { rows } from '../db/rows.ts';
import { supportCommands } from '../operator/commands/support.ts';
import { useTestServer } from '../testing/harness.ts';

const s = useTestServer();
type Msg = { id: number; from: 'member' | 'support'; body: string; createdAt: number };
type Page = { items: Msg[]; unread: number; cursor: number };

const command = (name: string) => {
  const c = supportCommands.find((x) => x.name === name);
  if (!c) throw new Error(`no operator command ${name}`);
  return c;
};
const send = (token: string, body: unknown) => s.call('support/send', { body }, { token });
const messages = async (token: string, req: object = {}) => (await s.call('support/messages', req, { token })).body.data as Page;

describe('support chat', () => {
  it('stores and returns <script> verbatim as text, never escaped', async () => {
    const m = await s.member();
    const text = `<script>alert("x")</script> & <b>bold</b> 'quoted' &amp;`;
    const r = await send(m.token, text);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ from: 'member', body: text });
    const [stored] = await rows<{ body: string }>(s.deps.db, sql`SELECT body FROM support_messages WHERE user_id = ${m.id}`);
    expect(stored?.body).toBe(text);
    expect((await messages(m.token)).items.map((x) => x.body)).toEqual([text]);
  });

  it('keeps emoji, other scripts and newlines; trims the ends', async () => {
    const m = await s.member();
    const r = await send(m.token, '  xin chào 你好 👋\nsecond line  ');
    expect((r.body.data as Msg).body).toBe('xin chào 你好 👋\nsecond line');
  });

  it.each([
    ['over-long', 'x'.repeat(SUPPORT_MESSAGE_MAX + 1), 'error.message_too_long'],
    ['empty', '', 'field.required'],
    ['only spaces', '   ', 'field.required'],
    ['not a string', 42, 'field.required'],
    ['a NUL character', 'a\u0000b', 'field.control_chars'],
  ])('refuses %s text and stores nothing', async (_name, body, key) => {
    const m = await s.member();
    const r = await send(m.token, body);
    // A field key of its own (error.message_too_long) names the whole error; field.* keys come under error.validation.
    expect([r.status, r.body.msg]).toEqual([400, key.startsWith('error.') ? key : 'error.validation']);
    expect((r.body.data as { fields: Record<string, string> }).fields['body']).toBe(key);
    expect((await messages(m.token)).items).toEqual([]);
  });

  it('accepts exactly the maximum length', async () => {
    const m = await s.member();
    expect((await send(m.token, 'y'.repeat(SUPPORT_MESSAGE_MAX))).status).toBe(200);
  });

  it('member B cannot read member A’s conversation', async () => {
    const a = await s.member();
    const b = await s.member();
    await send(a.token, 'secret of A');
    const aPage = await messages(a.token);
    expect(aPage.items.map((x) => x.body)).toEqual(['secret of A']);
    // B sees only its own, even when asking from before A's message.
    expect((await messages(b.token)).items).toEqual([]);
    expect((await messages(b.token, { since: 0 })).items).toEqual([]);
    expect((await s.call('support/messages', {})).status).toBe(401);
    expect((await s.call('support/send', { body: 'hi' })).status).toBe(401);
  });

  it('lists since a cursor, counts unread replies, and clears them on markRead', async () => {
    const m = await s.member();
    const first = (await send(m.token, 'hello')).body.data as Msg;
    s.clock.advance(1000);
    await send(m.token, 'anyone there?');

    // The operator sees the waiting conversation, then answers.
    expect(await command('support-inbox').run(s.deps, [])).toContain(`${m.username}: 2 unread`);
    s.clock.advance(1000);
    expect(await command('reply').run(s.deps, [m.username, 'Hello,', 'how', 'can', 'we', 'help?'])).toMatch(/^Replied to/);
    expect(await command('support-inbox').run(s.deps, [])).not.toContain(m.username);

    const after = await messages(m.token, { since: first.id });
    expect(after.items.map((x) => [x.from, x.body])).toEqual([['member', 'anyone there?'], ['support', 'Hello, how can we help?']]);
    expect(after.unread).toBe(1);
    expect(after.cursor).toBe(after.items.at(-1)?.id);

    const nothingNew = await messages(m.token, { since: after.cursor });
    expect(nothingNew).toEqual({ items: [], unread: 1, cursor: after.cursor });

    const read = await messages(m.token, { since: after.cursor, markRead: true });
    expect(read.unread).toBe(0);
    expect((await messages(m.token)).items).toHaveLength(3);
  });

  it('the operator can show a conversation, and reply refuses unknown members and empty text', async () => {
    const m = await s.member();
    await send(m.token, '<img src=x onerror=alert(1)>\nline two');
    const shown = await command('support-show').run(s.deps, [m.username]);
    // JSON-quoted, so a member's newline cannot forge an operator's output line.
    expect(shown).toContain(`${m.username}: "<img src=x onerror=alert(1)>\\nline two"`);
    expect(await command('support-inbox').run(s.deps, [])).not.toContain(m.username);
    await expect(command('reply').run(s.deps, ['nobody-here', 'hi'])).rejects.toThrow('No member named nobody-here');
    await expect(command('reply').run(s.deps, [m.username])).rejects.toThrow();
    await expect(command('reply').run(s.deps, [m.username, 'z'.repeat(SUPPORT_MESSAGE_MAX + 1)])).rejects.toThrow();
  });

  it('answers rate_limited after 20 messages a minute', async () => {
    const m = await s.member();
    for (let i = 0; i < 20; i++) expect((await send(m.token, `msg ${i}`)).status).toBe(200);
    const r = await send(m.token, 'one too many');
    expect([r.status, r.body.msg]).toEqual([429, 'error.rate_limited']);
    s.clock.advance(60_001);
    expect((await send(m.token, 'later')).status).toBe(200);
  });
});

describe('help centre', () => {
  it.each([['en', 'How do wealth products earn?'], ['vn', 'Khoá cam kết là gì?'], ['zn', '如何联系客服？']])('serves help articles in %s', async (lang, title) => {
    const r = await s.call('common/notice', undefined, { method: 'GET', headers: { 'accept-language': lang } });
    const items = (r.body.data as { items: { kind: string; title: string }[] }).items;
    expect(items.filter((i) => i.kind === 'help').length).toBeGreaterThanOrEqual(6);
    expect(items.map((i) => i.title)).toContain(title);
    // Announcements stay on top.
    expect(items[0]?.kind).toBe('notice');
  });
});
