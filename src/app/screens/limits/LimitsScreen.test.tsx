import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import type { LimitsView } from '../../../contract/limits.ts';
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { expectUsableOnPhone, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { deviceTimeZone } from '../../format/timeZone.ts';
import { formatDateTime } from '../../format/index.ts';

resetBrowserState();
guardConsole();

const NOW = 1_700_000_000_000;
const fill = (s: string, values: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
const zone = deviceTimeZone();
const zoned = zone === null ? {} : { timeZone: zone };

const view = (over: Partial<LimitsView> = {}): LimitsView => ({
  timeZone: { value: 'Asia/Ho_Chi_Minh', next: null },
  lossLimit: { value: '100.00', next: { value: '500.00', at: NOW + 86_400_000 } },
  turnoverLimit: { value: null, next: null },
  breakUntil: { value: null, next: null },
  realityMinutes: { value: 60, next: null },
  today: { day: '2023-11-15', turnover: '150.00', net: '-20.40', open: '50.10', loss: '70.50', firstTradeAt: NOW - 3_600_000 },
  serverTime: NOW,
  ...over,
});

type Screen = Awaited<ReturnType<typeof renderApp>>['screen'];
const amounts = (screen: Screen) => screen.getByRole('form', { name: en.limits.amounts_title });

describe('/limits', () => {
  it('shows the day, the limits in force and the change that waits with its moment', async () => {
    signIn();
    const { api, screen } = await renderApp('/limits', { 'user/limits': () => ok(view()) });
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.limits })).toBeVisible();
    const today = screen.getByRole('region', { name: en.limits.today_title });
    await expect.element(today).toHaveTextContent(fill(en.limits.of_limit, { used: '70.50 USDT', limit: '100.00 USDT' }));
    expect((await api.request('user/limits', 1)).body).toEqual(zoned);
    await expect.element(today).toHaveTextContent('-20.40');
    await expect.element(amounts(screen).getByLabelText(en.limits.loss_label)).toHaveValue('100.00');
    await expect.element(amounts(screen).getByLabelText(en.limits.turnover_label)).toHaveValue('');
    const waits = fill(en.limits.next, { value: '500.00 USDT', when: formatDateTime(NOW + 86_400_000, 'en') });
    await expect.element(screen.getByText(waits)).toBeVisible();
    expectUsableOnPhone();
  });

  it('sends only the limit that changed, with the device zone, and shows the answer', async () => {
    signIn();
    const after = view({ lossLimit: { value: '100.00', next: { value: '500.00', at: NOW + 86_400_000 } }, turnoverLimit: { value: '250.00', next: null } });
    const { api, screen } = await renderApp('/limits', { 'user/limits': () => ok(view()), 'user/limits_set': () => ok(after) }, { hold: ['user/limits_set'] });
    await amounts(screen).getByLabelText(en.limits.turnover_label).fill('250');
    await amounts(screen).getByRole('button', { name: en.limits.save }).click();
    const set = await api.nextRequest('user/limits_set');
    // The loss limit's raise that waits is not touched.
    expect(set.body).toEqual({ turnoverLimit: '250', ...zoned });
    await expect.element(amounts(screen).getByRole('button', { name: en.auth.submitting })).toBeDisabled();
    set.release();
    await expect.element(screen.getByRole('status')).toHaveTextContent(en.limits.saved);
    await expect.element(amounts(screen).getByLabelText(en.limits.turnover_label)).toHaveValue('250.00');
  });

  it('explains a bad amount and sends nothing; nothing changed sends nothing either', async () => {
    signIn();
    const { api, screen } = await renderApp('/limits', { 'user/limits': () => ok(view()) });
    await amounts(screen).getByLabelText(en.limits.loss_label).fill('-5');
    await amounts(screen).getByRole('button', { name: en.limits.save }).click();
    await expect.element(screen.getByText(en.field.amount_format)).toBeVisible();
    await amounts(screen).getByLabelText(en.limits.loss_label).fill('100');
    await amounts(screen).getByRole('button', { name: en.limits.save }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent(en.limits.unchanged);
    expect(api.count('user/limits_set')).toBe(0);
  });

  it('keeps the limit in force by dropping the raise that waits', async () => {
    signIn();
    const { api, screen } = await renderApp('/limits', { 'user/limits': () => ok(view()), 'user/limits_set': () => ok(view({ lossLimit: { value: '100.00', next: null } })) });
    await amounts(screen).getByRole('button', { name: en.limits.keep }).click();
    const set = await api.nextRequest('user/limits_set');
    expect(set.body).toEqual({ lossLimit: '100.00', ...zoned });
    await expect.element(amounts(screen).getByRole('button', { name: en.limits.keep })).not.toBeInTheDocument();
  });

  it('a failed save says why and keeps what was typed', async () => {
    signIn();
    const { screen } = await renderApp('/limits', { 'user/limits': () => ok(view()), 'user/limits_set': () => fail(500, 5000, 'error.internal') });
    await amounts(screen).getByLabelText(en.limits.loss_label).fill('80');
    await amounts(screen).getByRole('button', { name: en.limits.save }).click();
    await expect.element(amounts(screen).getByRole('alert')).toHaveTextContent(en.error.internal);
    await expect.element(amounts(screen).getByLabelText(en.limits.loss_label)).toHaveValue('80');
  });

  it('takes a break of a chosen length, or until a date it checks', async () => {
    signIn();
    const onBreak = view({ breakUntil: { value: NOW + 7 * 86_400_000, next: null } });
    const { api, screen } = await renderApp('/limits', {
      'user/limits': () => ok(view()),
      'user/limits_set': (req) =>
        (req.body as { break?: { kind: string } }).break?.kind === 'until' ? fail(400, 4001, 'error.validation', { 'break.date': 'field.invalid' }) : ok(onBreak),
    });
    const form = screen.getByRole('form', { name: en.limits.break_title });
    await form.getByText(en.limits.break_until).click();
    await form.getByRole('button', { name: en.limits.break_start }).click();
    await expect.element(form.getByText(en.limits.break_date_required)).toBeVisible();
    await form.getByLabelText(en.limits.break_date).fill('2020-01-01');
    await form.getByRole('button', { name: en.limits.break_start }).click();
    await expect.element(form.getByText(en.limits.break_date_range)).toBeVisible();
    expect(api.last('user/limits_set')?.body).toEqual({ break: { kind: 'until', date: '2020-01-01' }, ...zoned });

    await form.getByText(en.limits.break_7).click();
    await form.getByRole('button', { name: en.limits.break_start }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent(en.limits.break_saved);
    expect(api.last('user/limits_set')?.body).toEqual({ break: { kind: 'days', days: 7 }, ...zoned });
    const on = fill(en.limits.now, { value: fill(en.limits.break_on, { when: formatDateTime(NOW + 7 * 86_400_000, 'en') }) });
    await expect.element(screen.getByText(on)).toBeVisible();
    await expect.element(form.getByRole('button', { name: en.limits.break_end })).toBeVisible();
  });

  it('sets the reality check, and off waits like any looser setting', async () => {
    signIn();
    const { api, screen } = await renderApp('/limits', {
      'user/limits': () => ok(view()),
      'user/limits_set': () => ok(view({ realityMinutes: { value: 60, next: { value: null, at: NOW + 86_400_000 } } })),
    });
    const form = screen.getByRole('form', { name: en.limits.reality_title });
    await form.getByLabelText(en.limits.reality_label).selectOptions(en.limits.reality_off);
    await form.getByRole('button', { name: en.limits.save }).click();
    const set = await api.nextRequest('user/limits_set');
    expect(set.body).toEqual({ realityMinutes: null, ...zoned });
    await expect.element(form.getByText(fill(en.limits.next, { value: en.limits.reality_off, when: formatDateTime(NOW + 86_400_000, 'en') }))).toBeVisible();
  });
});
