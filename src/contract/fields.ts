import type { z } from 'zod';
import { errorKeys, fieldKeys, type ErrorKey, type FieldKey } from './errors.ts';

const known = new Set<string>([...fieldKeys, ...errorKeys]);

/**
 * Maps schema issues to `{ "a.b": key }`, using our own message keys where the schema set one. The server answers
 * these as `data.fields`, and a form shows the same ones before sending (forms.ts): one rule for both.
 */
export function fieldsOf(error: z.ZodError): Record<string, FieldKey | ErrorKey> {
  const out: Record<string, FieldKey | ErrorKey> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (path in out) continue;
    out[path] = known.has(issue.message) ? (issue.message as FieldKey | ErrorKey) : 'field.invalid';
  }
  return out;
}
