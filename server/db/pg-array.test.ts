import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness.ts';
import { pgArray } from './pg-array.ts';
import { rows } from './rows.ts';

const s = useTestServer();

describe('pgArray', () => {
  it('writes quoted elements, escapes quotes and backslashes, and leaves NULL bare', () => {
    expect(pgArray([])).toBe('{}');
    expect(pgArray([1, 2n, null])).toBe('{"1","2",NULL}');
    expect(pgArray(['a"b', 'c\\d'])).toBe('{"a\\"b","c\\\\d"}');
    expect(() => pgArray([Number.NaN])).toThrow(RangeError);
  });

  it('round-trips awkward text through the database unchanged', async () => {
    const texts = ['plain', '', 'NULL', 'null', 'a,b', '{x}', ' padded ', 'quote "q"', 'back\\slash', '\\"', 'ünïcødé 中文 🎉', "it's", 'line\nbreak', 'tab\there'];
    const values = [...texts, null];
    const [row] = await rows<{ v: (string | null)[]; n: number }>(
      s.deps.db,
      sql`SELECT ${pgArray(values)}::text[] AS v, cardinality(${pgArray(values)}::text[]) AS n`,
    );
    expect(Number(row?.n)).toBe(values.length);
    expect(row?.v).toEqual(values);
  });

  it('carries int8 beyond 2^53 exactly', async () => {
    const big = 9_007_199_254_740_993n;
    const [row] = await rows<{ v: string }>(s.deps.db, sql`SELECT (${pgArray([big, -5n])}::int8[])[1]::text AS v`);
    expect(row?.v).toBe(big.toString());
  });
});
