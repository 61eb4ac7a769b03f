// Generators of malformed request bodies for the fuzz tests (imported by fuzz.test.ts only).
import fc from 'fast-check';
import type { z } from 'zod';

const injection = fc.constantFrom(
  "' OR '1'='1", "'; DROP TABLE users; --", '1; SELECT pg_sleep(5)', '<script>alert(1)</script>', '{{7*7}}', '${7*7}',
  '../../../etc/passwd', '\u0000', '\u202e', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity', '1e309', '0x1F',
  '١٢٣٫٤٥', '１２３', '𝟏𝟐𝟑', '💰💰', 'Ǆ', ' ', '', '\n\t', '__proto__', 'constructor',
);
/** Negative, huge, too many decimals, and the many ways a number can look almost right. */
const amountLike = fc.oneof(
  fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 99_999 })).map(([i, f]) => `${i}.${String(f).padStart(3, '0')}`),
  fc.bigInt({ min: 10n ** 12n, max: 10n ** 30n }).map(String),
  fc.integer({ min: -1_000_000_000, max: -1 }).map(String),
  fc.constantFrom('0', '0.0', '0.00', '00.10', '01', '.5', '5.', '+5', '1,000.00', '1 000', '10.5.1', '1e3', '-0', '１０.００'),
);
const numbers = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-1, -0.01, 1e21, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, 2 ** 31));
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numbers,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 129, maxLength: 400 }),
  injection,
  fc.stringMatching(/^\d{1,8}$/),
);
const candidate = fc.oneof(wrongType, amountLike, text);

/** Marks a field as left out of the body. */
export const MISSING = Symbol('missing');
type Bad = unknown;

/** A value the field's own schema refuses (or, for a required field, leaving it out): never accidentally valid. */
export const badFor = (field: z.ZodType, required: boolean): fc.Arbitrary<Bad> => {
  const bad = candidate.filter((v) => !field.safeParse(v).success);
  return required ? fc.oneof({ arbitrary: bad, weight: 4 }, { arbitrary: fc.constant(MISSING), weight: 1 }) : bad;
};

/** Anything for fields we do not break: valid text fields stay valid or get nasty-but-legal unicode and injection text. */
export const extras = fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), injection), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });

export interface Malformed {
  /** The request text as sent. */
  readonly raw: string;
}

const nonObjects = fc.oneof(fc.constant(null), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), numbers, fc.boolean(), text).map((b) => JSON.stringify(b));
const brokenJson = fc.constantFrom('{', '{"amount":', '[1,', 'nul', "{'a':1}", '{"a":1}}', '{"amount": 1,}', '\u0000', '{"a": NaN}', '"');

/**
 * Bodies an object schema must refuse: non-objects, broken JSON, or the valid body with at least one field
 * broken (bad value or missing) on top of random extra fields.
 */
export function malformedBodies(valid: Record<string, unknown>, shape: Record<string, z.ZodType>): fc.Arbitrary<Malformed> {
  const keys = Object.keys(shape);
  const required = (k: string) => shape[k]?.safeParse(undefined).success === false;
  const broken = fc
    .subarray(keys, { minLength: 1 })
    .chain((ks) => fc.tuple(fc.constant(ks), fc.tuple(...ks.map((k) => badFor(shape[k] as z.ZodType, required(k))))))
    .filter(([ks, values]) => ks.some((k, i) => values[i] !== MISSING || required(k)));
  const objects = fc.tuple(extras, broken).map(([extra, [ks, values]]) => {
    const merged: Record<string, unknown> = { ...valid, ...extra };
    ks.forEach((k, i) => {
      merged[k] = values[i];
    });
    return JSON.stringify(Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== MISSING)));
  });
  return fc.oneof({ arbitrary: objects, weight: 8 }, { arbitrary: nonObjects, weight: 1 }, { arbitrary: brokenJson, weight: 1 }).map((raw) => ({ raw }));
}

/** For paths without fields: non-objects and broken JSON (refused) and objects of junk (ignored). */
export const bodiesForEmpty: fc.Arbitrary<Malformed> = fc
  .oneof(nonObjects, brokenJson, extras.map((e) => JSON.stringify(e)))
  .map((raw) => ({ raw }));
