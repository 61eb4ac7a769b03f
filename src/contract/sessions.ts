import { z } from 'zod';
import { epochMs } from './primitives.ts';

/** A session's public id: a UUID the server gave it, never its token nor the token's hash. */
export const sessionId = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, 'field.required')
  .max(36, 'field.invalid')
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'field.invalid');

/** One signed-in device of mine. */
export const signedInDevice = z.object({
  id: z.string(),
  /** "Chrome 131"; '' when its browser was not recognised. */
  browser: z.string(),
  /** "Android"; '' when not recognised. */
  os: z.string(),
  signedInAt: epochMs,
  /** The last call made with it, to the minute (a use is recorded at most once a minute). */
  lastActiveAt: epochMs,
  /** The session this request came with. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;

/** My live sessions: this one first, then the most recently used. */
export const signedInDevices = z.object({ items: z.array(signedInDevice) });
export const sessionRevokeReq = z.object({ id: sessionId });
