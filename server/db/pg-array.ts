/**
 * PostgreSQL array literals, for passing a whole column as ONE bound parameter (`${pgArray(xs)}::int8[]`).
 * drizzle's sql`` template expands a JS array into one parameter per element, which caps the batch size at the
 * protocol's 65,535 parameters and makes each statement's text differ by length; a literal works the same on
 * PGlite and node-postgres.
 */
export type PgArrayItem = string | number | bigint | boolean | null;

/** Every element is double-quoted, so commas, braces, spaces, the word NULL and unicode stay plain text. */
function element(v: PgArrayItem): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number' && !Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
  const text = String(v);
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A one-dimensional array literal: `{"1","a \"b\"",NULL}`. Cast it in SQL to the element type. */
export function pgArray(values: readonly PgArrayItem[]): string {
  return `{${values.map(element).join(',')}}`;
}
