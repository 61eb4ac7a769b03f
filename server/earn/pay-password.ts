import type { Context, Hono } from 'hono';
import { redeemReq } from '../../src/contract/earn.ts';
import { findSession } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { MAX_BODY_BYTES } from '../http/route.ts';
import { verifyPayPassword } from '../money/pay-password.ts';

const PATH = '/api/wealth/submit';
const passed = new WeakSet<Request>();

/**
 * Early redemption needs the transaction password, checked by the wallet's shared verifier (which counts wrong
 * tries and locks after five). The redemption itself runs in route()'s transaction, where a counted failure
 * would roll back with it, so, as the withdrawal paths do, the check runs first, here, before the route.
 * Malformed bodies are left to route()'s validation and never count as a wrong try.
 */
export function redeemPayPasswordGate(app: Hono, deps: Deps): void {
  app.use(PATH, async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const now = deps.clock.now();
    const user = await findSession(deps.db, c.req.header('authorization'), now);
    const parsed = user ? redeemReq.safeParse(await jsonBody(c)) : undefined;
    if (user && parsed?.success) {
      await verifyPayPassword(deps.db, user.id, parsed.data.payPassword, now);
      passed.add(c.req.raw);
    }
    await next();
  });
}

/** In the handler: the gate verified this request's transaction password. */
export function requireRedeemPayPassword(c: Context): void {
  if (!passed.has(c.req.raw)) throw new ApiError('error.pay_password_wrong', { payPassword: 'error.pay_password_wrong' });
}

async function jsonBody(c: Context): Promise<unknown> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) return undefined;
  const text = await c.req.text(); // Hono caches it, so route() reads the same text again
  if (text.length > MAX_BODY_BYTES) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
