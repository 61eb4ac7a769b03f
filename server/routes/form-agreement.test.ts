// Issue 23: the app's forms and the server accept and refuse exactly the same input. For each form in
// src/contract/forms.ts, fast-check generates what a member might type, good and bad, from the contract's own
// schema (its JSON Schema: lengths and patterns); the form's verdict before sending must equal the server's answer
// to the body the form would send, field by field, through the whole HTTP stack on a real database.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiPath } from '../../src/contract/api.ts';
import {
  changePayPasswordForm, formRefusals, loginForm, loginPasswordForm, registerForm, setPayPasswordForm, type FormSpec,
} from '../../src/contract/forms.ts';
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

/** A form's fields from its schema's JSON Schema; a `confirm…` field half the time repeats its field, as a member would. */
function typedValues<F extends string>(spec: FormSpec<F, ApiPath>): fc.Arbitrary<Record<F, string>> {
  const json = z.toJSONSchema(spec.schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, StringRule> };
  const fields = Object.fromEntries(spec.fields.map((f) => [f, typed(json.properties?.[f] ?? {})])) as Record<F, fc.Arbitrary<string>>;
  return fc.tuple(fc.record(fields), fc.boolean()).map(([values, repeat]) => {
    const out: Record<string, string> = { ...values };
    for (const field of spec.fields) {
      const of = confirmedBy(field, spec.fields);
      if (repeat && of !== null) out[field] = out[of] ?? '';
    }
    return out as Record<F, string>;
  });
}

/** The server's field refusals for a body, or {} when it took the input (a business answer is not a refusal of input). */
async function serverRefusals<F extends string>(spec: FormSpec<F, ApiPath>, values: Record<F, string>, token?: string): Promise<Partial<Record<F, string>>> {
  const r = await s.call(spec.path, spec.body(values), token === undefined ? {} : { token });
  if (token !== undefined) expect(r.status, 'the member stays signed in').not.toBe(401);
  const fields = ((r.body.data as { fields?: Record<string, string> } | undefined)?.fields ?? {});
  const refusedInput = r.body.msg === 'error.validation' || Object.values(fields).some((k) => k.startsWith('field.'));
  if (!refusedInput) return {};
  const out: Partial<Record<F, string>> = {};
  for (const f of spec.fields) if (fields[f] !== undefined) out[f] = fields[f];
  return out;
}

describe.each([
  ['login', loginForm, false],
  ['register', registerForm, false],
  ['login password', loginPasswordForm, true],
  ['first payment password', setPayPasswordForm, true],
  ['new payment password', changePayPasswordForm, true],
] as const)('the %s form and the server', (_name, spec: FormSpec<string, ApiPath>, member: boolean) => {
  it('refuse the same fields for the same reasons, for any input', async () => {
    const token = member ? (await s.member()).token : undefined;
    let refusedByBoth = 0;
    let acceptedByBoth = 0;
    await fc.assert(
      fc.asyncProperty(typedValues(spec), async (values) => {
        const form = formRefusals(spec, values);
        const server = await serverRefusals(spec, values, token);
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
