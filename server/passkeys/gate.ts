import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { PasskeyAssertion } from '../../src/contract/webauthn.ts';
import { gateSession } from '../auth/gate-session.ts';
import type { Db } from '../db/client.ts';
import type { PasskeyPurpose } from '../db/schema/passkeys.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { gateInput } from '../http/route.ts';
import { verifyStepUp, type Approval } from './approval.ts';
import type { Payload } from './binding.ts';
import { refused } from './ceremony.ts';
import { relyingParty } from './relying-party.ts';

/** Per request: the approval the gate verified, or why it refused one. */
const verdicts = new WeakMap<Request, Approval | ApiError>();

/**
 * For a money path route() runs in a transaction: an attempt counted in there would be rolled back with a refusal.
 * So, like the PIN's gate (money/pay-password.ts), a body that carries a passkey is verified here first, on the
 * same validated body, its attempt counted for good; the handler then spends the approval in its transaction
 * (spendApproval) on the payload it computes itself, or throws the refusal (gateApproval). A body without one costs one parse and nothing else; what
 * validation refuses is left to the route.
 */
export function passkeyGate<B extends { readonly passkey?: PasskeyAssertion | undefined }>(
  app: Hono,
  deps: Deps,
  path: string,
  schema: z.ZodType<B>,
  purpose: PasskeyPurpose,
  payloadOf: (db: Db, userId: number, body: B) => Promise<Payload>,
): void {
  app.use(`/api/${path}`, async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const parsed = schema.safeParse(await gateInput(c, path));
    const assertion = parsed.success ? parsed.data.passkey : undefined;
    if (parsed.success && assertion !== undefined) {
      const now = deps.clock.now();
      const user = await gateSession(c, deps.db, now);
      if (user) {
        try {
          const payload = await payloadOf(deps.db, user.id, parsed.data);
          verdicts.set(c.req.raw, await verifyStepUp(deps.db, relyingParty(deps.config, c), assertion, { userId: user.id, purpose, payload, now }));
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          // Answered by the handler: a retry of a request that went through (its approval now spent) then gets
          // its first answer again under its Idempotency-Key, as route() replays any refused retry.
          verdicts.set(c.req.raw, e);
        }
      }
    }
    await next();
  });
}

/** In the handler: the approval the gate verified for this request, or its refusal thrown. */
export function gateApproval(c: Context): Approval {
  const verdict = verdicts.get(c.req.raw) ?? refused();
  if (verdict instanceof ApiError) throw verdict;
  return verdict;
}
