// The app's forms and the server accept and refuse exactly the same input. For each form in
// src/contract/forms.ts and order-form.ts, fast-check generates what a member might type, good and bad, from the contract's own
// schema (its JSON Schema: lengths and patterns); the form's verdict before sending must equal the server's answer
// to the body the form would send, field by field, through the whole HTTP stack on a real database.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, type ApiPath } from '../../src/contract/api.ts';
import { formRefusals, type FormSpec, type Limits } from '../../src/contract/form-spec.ts';
import {
  addressForm, bankCardForm, bankWithdrawalForm, changePayPasswordForm, depositForm, identityForm, pledgeForm, redeemForm, refundForm, loginForm,
  loginPasswordForm, registerForm, setPayPasswordForm, trcWithdrawalForm, wealthBuyForm,
} from '../../src/contract/forms.ts';
import { orderForm } from '../../src/contract/order-form.ts';
import { fromCents } from '../../src/shared/money.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { png } from '../testing/money.ts';
import { useTestServer } from '../testing/harness.ts';

const s = useTestServer();

interface StringRule {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** What a member might type into one field: values the schema allows, values at and past its bounds, and noise. */
function typed(rule: StringRule): fc.Arbitrary<string> {
  const max = rule.maxLength ?? 40;
  const fitting = rule.pattern
    ? fc.stringMatching(new RegExp(rule.pattern)).filter((v) => v.length >= (rule.minLength ?? 0) && v.length <= max)
    : fc.string({ minLength: rule.minLength ?? 0, maxLength: max });
  return fc.oneof(
    { weight: 6, arbitrary: fitting },
    // Spaces around a good value: the form trims where the schema trims, or both refuse.
    fitting.map((v) => ` ${v} `),
    fc.constantFrom('', ' ', 'a'.repeat(max), 'a'.repeat(max + 1), '1'.repeat(max + 1)),
    fc.string({ maxLength: max + 3 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
  );
}

/** The field a `confirm…` field repeats: the new one of those its name ends with (confirmPayPassword: newPayPassword). */
function confirmedBy(field: string, fields: readonly string[]): string | null {
  const rest = /^confirm(\w+)$/.exec(field)?.[1]?.toLowerCase();
  if (rest === undefined) return null;
  const candidates = fields.filter((f) => f !== field && f.toLowerCase().endsWith(rest));
  return candidates.find((f) => f.startsWith('new')) ?? candidates[0] ?? null;
}

interface JsonSchema {
  readonly properties?: Record<string, StringRule>;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
}

/** Each field's rule, from the object's properties or from the branch of a union that has it (user/save_bank). */
function rulesOf(schema: JsonSchema, into: Record<string, StringRule> = {}): Record<string, StringRule> {
  for (const [name, rule] of Object.entries(schema.properties ?? {})) into[name] ??= rule;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) rulesOf(branch, into);
  return into;
}

/** A form's fields from its schema's JSON Schema; a `confirm…` field half the time repeats its field, as a member would. */
function typedValues<F extends string>(spec: FormSpec<F, ApiPath>, offered: Readonly<Record<string, readonly string[]>>): fc.Arbitrary<Record<F, string>> {
  const rules = rulesOf(z.toJSONSchema(spec.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  // A field the screen offers as a choice (a select) gets one of its options, or nothing chosen.
  const arbitraryOf = (f: F): fc.Arbitrary<string> => {
    const options = offered[f];
    return options ? fc.constantFrom('', ...options) : typed(rules[f] ?? {});
  };
  const fields = Object.fromEntries(spec.fields.map((f) => [f, arbitraryOf(f)])) as Record<F, fc.Arbitrary<string>>;
  return fc.tuple(fc.record(fields), fc.boolean()).map(([values, repeat]) => {
    const out: Record<string, string> = { ...values };
    for (const field of spec.fields) {
      const of = confirmedBy(field, spec.fields);
      if (repeat && of !== null) out[field] = out[of] ?? '';
    }
    return out as Record<F, string>;
  });
}

/**
 * Refusals that depend on what is stored, which no form can see before sending (who exists, which password is
 * right, whether an address's checksum holds is checked on submit): the form is not expected to give these.
 */
const DATA_DEPENDENT = new Set([
  'error.invite_invalid', 'error.username_taken', 'error.phone_taken', 'error.address_invalid', 'error.name_or_password',
  'error.password_wrong', 'error.pay_password_wrong', 'error.pay_password_locked', 'error.pay_password_unset',
]);

let keys = 0;
/** The payment password of a 'member with a PIN'. */
const PIN = '123456';

/** The server's refusal of each of the form's fields for this body (none when it took the input). */
async function serverRefusals<F extends string>(
  spec: FormSpec<F, ApiPath>,
  values: Record<F, string>,
  token?: string,
): Promise<{ fields: Partial<Record<F, string>>; stopped: boolean }> {
  // Money requests carry an idempotency key, as the app sends them.
  const headers = { 'idempotency-key': `form-agreement-${(keys += 1)}` };
  const r = await s.call(spec.path, spec.body(values), token === undefined ? { headers } : { token, headers });
  if (token !== undefined) expect(r.status, 'the member stays signed in').not.toBe(401);
  const fields = (r.body.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  const out: Partial<Record<F, string>> = {};
  for (const f of spec.fields) {
    const reason = fields[f];
    if (reason !== undefined && !DATA_DEPENDENT.has(reason)) out[f] = reason;
  }
  return { fields: out, stopped: DATA_DEPENDENT.has(r.body.msg) };
}

/** The options of each form's select fields, as the screen gets them from the server. */
async function offeredBy(spec: FormSpec<string, ApiPath>, token: string | undefined): Promise<Record<string, readonly string[]>> {
  // The sheet is opened for one holding: its id is never typed (an unknown one is the server's not_found).
  if (spec === redeemForm) return { holdingId: ['1', '7'] };
  // A bought product is the one the sheet was opened for, from the list the screen shows.
  if (spec === wealthBuyForm || spec === pledgeForm) return { productId: (await products(spec, token)).map((p) => String(p.id)) };
  // The ticket's product, direction and cycle are choices; the amount is typed.
  if (spec === orderForm) {
    const btc = await bitcoin();
    return { productId: [String(btc.id)], direction: ['rise', 'fall'], cycle: btc.cycles.map((c) => String(c.seconds)) };
  }
  // A photo is chosen, not typed: the phone sends it shrunk to a real image (the server reads its bytes).
  const photo = png(400, 300);
  if (spec === identityForm) return { front: [photo], back: [photo] };
  if (spec === depositForm) return { method: ['bank', 'trc20'], receipt: [photo] };
  // This member has bound no address: the choice is "the first", which is none. The payment password is mostly the
  // right one, so the server gets past it to the amount's minimum (a wrong one is stored-data, and locks after five).
  if (spec === bankWithdrawalForm || spec === trcWithdrawalForm) return { addressId: [], payPassword: [PIN, PIN, PIN, '12345', 'abcdef'] };
  if (spec !== bankCardForm) return {};
  const banks = await s.call('common/banks');
  return { bankName: (banks.body.data as { items: { name: string }[] }).items.map((b) => b.name) };
}

/** The market the order ticket is opened on (crypto: open at any hour). */
async function bitcoin(): Promise<MarketProduct> {
  const btc = (await loadProducts(s.deps.db)).find((p) => p.symbol === 'BTCUSDT');
  if (!btc) throw new Error('no BTCUSDT');
  return btc;
}

interface Product {
  readonly id: number;
  readonly minAmount: string;
  readonly maxAmount: string;
}

async function products(spec: FormSpec<string, ApiPath>, token: string | undefined): Promise<readonly Product[]> {
  const list = await s.call('wealth/getList', { family: spec === pledgeForm ? 'pledge' : 'wealth' }, token === undefined ? {} : { token });
  return (list.body.data as { items: Product[] }).items;
}

/** The figures the screen reads from the server for a form's limits: common/config's minimums, a product's limits. */
async function knownBy(spec: FormSpec<string, ApiPath>, token: string | undefined): Promise<(values: Record<string, string>) => Limits> {
  const config = (await s.call('common/config')).body.data as { minDeposit: string; minWithdraw: string };
  if (spec === bankWithdrawalForm || spec === trcWithdrawalForm) return () => ({ minAmount: config.minWithdraw });
  if (spec === depositForm) return () => ({ minAmount: config.minDeposit });
  if (spec === orderForm) {
    const btc = await bitcoin();
    return () => ({ minAmount: fromCents(btc.minAmount), maxAmount: fromCents(btc.maxAmount) });
  }
  if (spec !== wealthBuyForm && spec !== pledgeForm) return () => ({});
  const byId = new Map((await products(spec, token)).map((p) => [String(p.id), p]));
  return (values) => {
    const product = byId.get(values['productId'] ?? '');
    return product ? { minAmount: product.minAmount, maxAmount: product.maxAmount } : {};
  };
}

describe.each([
  ['login', loginForm, 'visitor'],
  ['register', registerForm, 'visitor'],
  ['login password', loginPasswordForm, 'member with a PIN'],
  ['first payment password', setPayPasswordForm, 'member'],
  ['new payment password', changePayPasswordForm, 'member with a PIN'],
  ['bank card', bankCardForm, 'member with a PIN'],
  ['withdrawal address', addressForm, 'member with a PIN'],
  ['refund', refundForm, 'member with a PIN'],
  ['early redemption', redeemForm, 'member with a PIN'],
  ['bank withdrawal', bankWithdrawalForm, 'member with a PIN'],
  ['TRC20 withdrawal', trcWithdrawalForm, 'member with a PIN'],
  ['deposit', depositForm, 'member'],
  ['wealth purchase', wealthBuyForm, 'member'],
  ['pledge', pledgeForm, 'member'],
  ['identity', identityForm, 'member'],
  ['rise/fall order', orderForm, 'member'],
] as const)('the %s form and the server', (_name, spec: FormSpec<string, ApiPath>, who: 'visitor' | 'member' | 'member with a PIN') => {
  it("checks with the endpoint's own request schema", () => {
    expect(spec.schema).toBe(api[spec.path].req);
  });

  it('refuse the same fields for the same reasons, for any input', async () => {
    const token = who === 'visitor' ? undefined : (await s.member()).token;
    // A payment password set, as the screen that shows the form requires (a gate before the body's check).
    if (token !== undefined && who === 'member with a PIN') await s.call('user/reset_paypwd', { loginPassword: 'secret123', newPayPassword: PIN, confirmPayPassword: PIN }, { token });
    let refusedByBoth = 0;
    let acceptedByBoth = 0;
    const known = await knownBy(spec, token);
    await fc.assert(
      fc.asyncProperty(typedValues(spec, await offeredBy(spec, token)), async (values) => {
        const { fields: server, stopped } = await serverRefusals(spec, values, token);
        // A server that stopped at a stored-data rule (a wrong payment password) never reached the limits.
        const form = formRefusals(spec, values, stopped ? {} : known(values));
        expect(server).toEqual(form);
        if (Object.keys(form).length > 0) refusedByBoth += 1;
        else acceptedByBoth += 1;
      }),
      // A fixed seed: the same inputs on every run (a failure is reproduced as it was seen).
      { numRuns: 80, seed: 23 },
    );
    // Both outcomes were exercised, so the agreement is not vacuous.
    expect(refusedByBoth).toBeGreaterThan(0);
    expect(acceptedByBoth).toBeGreaterThan(0);
  });
});
