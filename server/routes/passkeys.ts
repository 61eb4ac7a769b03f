import { and, count, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { toCents } from '../../src/shared/money.ts';
import { clearAttempts, countAttempts, refundAttempt } from '../auth/attempts.ts';
import { sessionLife } from '../auth/session-life.ts';
import { createSession } from '../auth/tokens.ts';
import { users } from '../db/schema/core.ts';
import { passkeyCredentials } from '../db/schema/passkeys.ts';
import type { Deps } from '../deps.ts';
import { minimumRefusal } from '../domain/amount-limits.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { isUniqueViolation, route } from '../http/route.ts';
import { MIN_WITHDRAW } from '../money/limits.ts';
import { checkLoginPassword } from '../money/passwords.ts';
import { withdrawalDestination } from '../money/withdrawals.ts';
import { spendApproval, verifyApproval, verifyStepUp, expired, type Approval, type Asked } from '../passkeys/approval.ts';
import { loginPayload, payPasswordPayload, registrationPayload, removalPayload, withdrawalPayload, deriveChallenge, type Payload } from '../passkeys/binding.ts';
import { creationOptions, refused, requestOptions, verifyCreation } from '../passkeys/ceremony.ts';
import { consumeChallenge, issueChallenge, liveChallenge, statedChallenge } from '../passkeys/challenges.ts';
import { credentialsOf, itemOf, MAX_PASSKEYS, ownCredential, pinMac, userHandleOf } from '../passkeys/credentials.ts';
import { passkeyLimits } from '../passkeys/limits.ts';
import { relyingParty } from '../passkeys/relying-party.ts';

const rateLimited = () => new ApiError('error.rate_limited');
const notMine = () => fieldError('id', 'error.not_found', 'error.not_found');

/** Passkeys (WebAuthn): a member's list, adding and removing one, signing in with one, a step-up's options. */
export function passkeyRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'passkey/list', async ({ user, db }) => ({ items: (await credentialsOf(db, user.id)).map(itemOf) }));

  route(app, deps, 'passkey/register_options', async ({ user, db, now, hono }) => {
    if (!(await countAttempts(db, [passkeyLimits.optionsAccount(user.id)], now))) throw rateLimited();
    const have = await credentialsOf(db, user.id);
    if (have.length >= MAX_PASSKEYS) throw new ApiError('error.passkey_limit');
    const challenge = await issueChallenge(db, { userId: user.id, purpose: 'register', payload: registrationPayload(user.id), now });
    const handle = await userHandleOf(db, user.id);
    return { options: await creationOptions(relyingParty(deps.config, hono), { handle, name: user.username }, have, challenge) };
  });

  route(app, deps, 'passkey/register', async ({ body, user, db, now, hono }) => {
    const limit = passkeyLimits.account(user.id);
    if (!(await countAttempts(db, [limit], now))) throw rateLimited();
    const payload = registrationPayload(user.id);
    const stated = statedChallenge(body.response.response.clientDataJSON);
    const live = stated === null ? null : await liveChallenge(db, stated, user.id, 'register', now);
    if (!live) throw expired();
    const made = await verifyCreation(relyingParty(deps.config, hono), body.response, deriveChallenge(live.nonce, 'register', payload));
    try {
      const item = await db.transaction(async (tx) => {
        if (!(await consumeChallenge(tx, { challenge: live.challenge, userId: user.id, purpose: 'register', payload, now }))) throw expired();
        // The member's row, locked: two adds at once cannot both pass the count.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [have] = await tx.select({ n: count() }).from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id));
        if ((have?.n ?? 0) >= MAX_PASSKEYS) throw new ApiError('error.passkey_limit');
        const [row] = await tx
          .insert(passkeyCredentials)
          .values({ userId: user.id, credentialId: made.credentialId, publicKey: made.publicKey, counter: made.counter, transports: made.transports, name: body.name, createdAt: new Date(now) })
          .returning();
        if (!row) throw new ApiError('error.internal');
        return itemOf(row);
      });
      await clearAttempts(db, [limit.bucket]);
      return item;
    } catch (e) {
      if (isUniqueViolation(e)) throw new ApiError('error.passkey_exists');
      throw e;
    }
  });

  route(app, deps, 'passkey/remove', async ({ body, user, db, now, hono }) => {
    if (!(await ownCredential(db, user.id, body.id))) throw notMine();
    let approval: { readonly passkey: Approval; readonly asked: Asked } | null = null;
    if (body.passkey !== undefined) {
      const asked = { userId: user.id, purpose: 'passkey_remove' as const, payload: removalPayload(user.id, body.id), now };
      const passkey = await verifyStepUp(db, relyingParty(deps.config, hono), body.passkey, asked);
      // Another passkey: the one being removed does not vouch for its own removal.
      if (passkey.credentialRowId === body.id) throw refused();
      approval = { passkey, asked };
    } else {
      const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (!u) throw new ApiError('error.unauthorized');
      await checkLoginPassword(db, user.id, u.hash, body.loginPassword ?? '', 'loginPassword', now);
    }
    await db.transaction(async (tx) => {
      if (approval) await spendApproval(tx, approval.passkey, approval.asked);
      const gone = await tx.delete(passkeyCredentials).where(and(eq(passkeyCredentials.id, body.id), eq(passkeyCredentials.userId, user.id))).returning({ id: passkeyCredentials.id });
      if (gone.length === 0) throw notMine();
    });
    return { ok: true as const };
  });

  route(app, deps, 'passkey/login_options', async ({ db, now, ip, hono }) => {
    if (!(await countAttempts(db, [passkeyLimits.optionsSource(ip)], now))) throw rateLimited();
    const challenge = await issueChallenge(db, { userId: null, purpose: 'login', payload: loginPayload, now });
    return { options: await requestOptions(relyingParty(deps.config, hono), [], challenge) };
  });

  route(app, deps, 'passkey/login', async ({ body, db, now, ip, hono }) => {
    const source = passkeyLimits.signInSource(ip);
    if (!(await countAttempts(db, [source], now))) throw rateLimited();
    const asked = { userId: null, purpose: 'login' as const, payload: loginPayload, now };
    const approval = await verifyApproval(db, relyingParty(deps.config, hono), body.response, asked);
    const session = await db.transaction(async (tx) => {
      await spendApproval(tx, approval, asked);
      // A new session, exactly as a password sign-in makes one.
      return createSession(tx, approval.userId, now, sessionLife(deps.config), hono.req.header('user-agent'));
    });
    // A good sign-in gives its attempt back, as a password's does: a busy office behind one address is no attacker.
    await refundAttempt(db, source.bucket);
    return session;
  });

  route(app, deps, 'passkey/stepup_options', async ({ body, user, db, now, hono }) => {
    if (!(await countAttempts(db, [passkeyLimits.optionsAccount(user.id)], now))) throw rateLimited();
    let payload: Payload;
    let removing: number | null = null;
    if (body.purpose === 'withdrawal') {
      // Refused now what the withdrawal would refuse, so the member is not asked for a passkey in vain.
      const amount = toCents(body.amount);
      const low = minimumRefusal(amount, MIN_WITHDRAW);
      if (low) throw low;
      payload = withdrawalPayload(user.id, amount, await withdrawalDestination(db, user.id, body.paymethod, body.addressId));
    } else if (body.purpose === 'pay_password') {
      const [u] = await db.select({ payHash: users.payPasswordHash }).from(users).where(eq(users.id, user.id));
      if (u?.payHash == null) throw new ApiError('error.pay_password_unset');
      payload = payPasswordPayload(user.id, await pinMac(db, user.id, body.newPayPassword));
    } else {
      if (!(await ownCredential(db, user.id, body.id))) throw notMine();
      payload = removalPayload(user.id, body.id);
      removing = body.id;
    }
    const allow = (await credentialsOf(db, user.id)).filter((c) => c.id !== removing);
    if (allow.length === 0) throw new ApiError('error.passkey_none');
    const challenge = await issueChallenge(db, { userId: user.id, purpose: body.purpose, payload, now });
    return { options: await requestOptions(relyingParty(deps.config, hono), allow, challenge) };
  });
}
