import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok, type FakeApiOptions, type Handler, type Recorded } from '../../testing/fakeApi.ts';
import { expectMobileLayout } from '../../testing/mobileLayout.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const at = 1_700_000_000_000;
const msg = (id: number, from: 'member' | 'support', body: string) => ({ id, from, body, createdAt: at + id * 1000 });
const attack = '<script>window.__kfPwned = true</script><img src=x onerror="window.__kfPwned=true"><b>bold</b> &amp;';

/** A small support server: stores messages, answers since a cursor, counts unread replies until markRead. */
function supportServer(initial: ReturnType<typeof msg>[] = [], unread = 0) {
  const messages = [...initial];
  let unreadCount = unread;
  const messagesHandler: Handler = (req: Recorded) => {
    const body = req.body as { since?: number; markRead?: boolean };
    if (body.markRead) unreadCount = 0;
    const items = body.since === undefined ? messages : messages.filter((m) => m.id > (body.since ?? 0));
    return ok({ items, unread: unreadCount, cursor: items.at(-1)?.id ?? body.since ?? 0 });
  };
  const send: Handler = (req) => {
    const m = msg(messages.length + 1, 'member', (req.body as { body: string }).body);
    messages.push(m);
    return ok(m);
  };
  return {
    handlers: { 'support/messages': messagesHandler, 'support/send': send } as Record<string, Handler>,
    reply: (body: string) => {
      messages.push(msg(messages.length + 1, 'support', body));
      unreadCount += 1;
    },
  };
}

async function open(handlers: Record<string, Handler>, path = '/kf', options: FakeApiOptions = {}) {
  localStorage.setItem('accessToken', 'tok');
  return renderApp(path, handlers, options);
}

describe('/kf', () => {
  it('renders a message containing <script> and markup as plain text, and runs none of it', async () => {
    const server = supportServer([msg(1, 'member', 'hello'), msg(2, 'support', attack)]);
    const { screen } = await open(server.handlers);
    const log = screen.getByRole('log', { name: en.kf.conversation });
    await expect.element(log.getByText(attack, { exact: true })).toBeVisible();
    const el = log.element();
    expect(el.querySelector('script, img, b')).toBeNull();
    expect((window as { __kfPwned?: boolean }).__kfPwned).toBeUndefined();
  });

  it('marks replies read while viewing and polls from the cursor', async () => {
    const server = supportServer([msg(1, 'support', 'Hi, how can we help?')], 1);
    const { api, screen } = await open(server.handlers);
    await expect.element(screen.getByText('Hi, how can we help?')).toBeVisible();
    expect(api.last('support/messages')?.body).toEqual({ markRead: true });
  });

  it('shows my message at once, then stored; a failed send keeps the text and can be retried', async () => {
    const server = supportServer();
    const { api, screen } = await open(server.handlers, '/kf', { hold: ['support/send'] });
    await expect.element(screen.getByText(en.kf.empty_conversation)).toBeVisible();
    const box = screen.getByLabelText(en.kf.message);
    await box.fill('  My deposit has not arrived  ');
    await screen.getByRole('button', { name: en.kf.send }).click();
    const first = await api.nextRequest('support/send');
    // Shown at once, before any answer.
    await expect.element(box).toHaveValue('');
    const log = screen.getByRole('log');
    await expect.element(log.getByText('My deposit has not arrived', { exact: true })).toBeVisible();
    first.respond(fail(429, 4290, 'error.rate_limited'));
    await expect.element(log.getByText(en.kf.failed.replace('{{reason}}', en.error.rate_limited))).toBeVisible();
    await log.getByRole('button', { name: en.kf.retry }).click();
    const retried = await api.nextRequest('support/send');
    await expect.element(log.getByText(en.kf.failed.replace('{{reason}}', en.error.rate_limited))).not.toBeInTheDocument();
    await expect.element(log.getByRole('button', { name: en.kf.retry })).not.toBeInTheDocument();
    expect([first.body, retried.body]).toEqual([{ body: 'My deposit has not arrived' }, { body: 'My deposit has not arrived' }]);
    retried.release();
    // The stored copy replaces the pending one: one bubble, not two, and no third send.
    await expect.poll(() => log.getByText('My deposit has not arrived', { exact: true }).elements().length).toBe(1);
    expect(api.count('support/send')).toBe(2);
  });

  it('shows the length against the limit and refuses an empty or too long message without sending', async () => {
    const server = supportServer();
    const { api, screen } = await open(server.handlers);
    const send = screen.getByRole('button', { name: en.kf.send });
    await send.click();
    await expect.element(screen.getByText(en.kf.empty)).toBeVisible();
    const box = screen.getByLabelText(en.kf.message);
    await box.fill('x'.repeat(1000));
    await expect.element(screen.getByText('1,000 / 1,000')).toBeVisible();
    await box.fill('x'.repeat(1001));
    await expect.element(screen.getByText('1,001 / 1,000')).toBeVisible();
    await expect.element(screen.getByText(en.error.message_too_long)).toBeVisible();
    await send.click();
    expect(api.count('support/send')).toBe(0);
    // Nothing typed is lost.
    await expect.element(box).toHaveValue('x'.repeat(1001));
  });

  it('keeps the newest message in view', async () => {
    const many = Array.from({ length: 40 }, (_, i) => msg(i + 1, i % 2 ? 'support' : 'member', `message number ${i + 1}`));
    const server = supportServer(many);
    const { screen } = await open(server.handlers);
    await expect.element(screen.getByText('message number 40')).toBeInViewport();
    const log = screen.getByRole('log').element();
    expect(log.scrollHeight).toBeGreaterThan(log.clientHeight);
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2);
    await screen.getByLabelText(en.kf.message).fill('one more');
    await screen.getByRole('button', { name: en.kf.send }).click();
    await expect.element(screen.getByText('one more')).toBeInViewport();
    expectMobileLayout();
  });

  it('signed out: asks to sign in and shows the support hours', async () => {
    const { api, screen } = await renderApp('/kf');
    await expect.element(screen.getByText(en.auth.signin_prompt)).toBeVisible();
    await expect.element(screen.getByText(en.kf.hours.replace('{{hours}}', '24/7'))).toBeVisible();
    expect(api.count('support/messages')).toBe(0);
  });
});

describe('the kf tab badge', () => {
  it('counts unread support replies on every tab screen, and clears once the chat is open', async () => {
    const server = supportServer([msg(1, 'member', 'help'), msg(2, 'support', 'reply one'), msg(3, 'support', 'reply two')], 2);
    const { api, screen } = await open(server.handlers, '/');
    const nav = screen.getByRole('navigation', { name: en.app.main_nav });
    const tab = nav.getByRole('link', { name: new RegExp(en.nav.support) });
    await expect.element(tab).toHaveTextContent('2');
    // The visible digit is decoration; screen readers hear "Support 2 unread replies".
    await expect.element(tab).toHaveAccessibleName(`${en.nav.support} ${en.kf.badge_label_other.replace('{{count}}', '2')}`);
    expect(api.last('support/messages')?.body).toEqual({});
    // A navigation polls again, from the cursor; a new reply raises the count.
    server.reply('reply three');
    await nav.getByRole('link', { name: en.nav.mine }).click();
    await expect.element(tab).toHaveTextContent('3');
    expect(api.last('support/messages')?.body).toEqual({ since: 3 });
    await tab.click();
    await expect.element(screen.getByText('reply three')).toBeVisible();
    await expect.element(tab).toHaveTextContent(en.nav.support);
    await expect.poll(() => tab.element().querySelector('.tab-badge')).toBeNull();
  });

  it('signed out: a visitor reaches support through the contact form (support/contact), checked first', async () => {
    const { api, screen } = await renderApp('/kf', { 'support/contact': () => ok({ id: 1, createdAt: 1 }) });
    const form = screen.getByRole('form', { name: en.kf.contact_title });
    await form.getByRole('button', { name: en.kf.contact_submit }).click();
    await expect.element(form.getByText(en.prompt.message)).toBeVisible();
    expect(api.count('support/contact')).toBe(0);
    await form.getByLabelText(en.kf.contact_name).fill('Lan');
    await form.getByLabelText(en.kf.contact_contact).fill('0912345678');
    await form.getByLabelText(en.kf.contact_message, { exact: true }).fill('I forgot my password');
    await form.getByRole('button', { name: en.kf.contact_submit }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent(en.msg.contact_sent);
    expect(api.last('support/contact')?.body).toEqual({ name: 'Lan', contact: '0912345678', message: 'I forgot my password' });
    await expect.element(form.getByLabelText(en.kf.contact_name)).toHaveValue('');
  });

  it('shows no badge signed out and never polls', async () => {
    const { api, screen } = await renderApp('/');
    await expect.element(screen.getByRole('navigation', { name: en.app.main_nav })).toBeVisible();
    expect(api.count('support/messages')).toBe(0);
  });
});
