import { clearAttempts, countAttempts } from '../auth/attempts.ts';
import type { PasskeyPurpose } from '../db/schema/passkeys.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import type { PasskeyAssertion } from '../../src/contract/webauthn.ts';
import { deriveChallenge, type Payload } from './binding.ts';
import { refused, verifyAssertion } from './ceremony.ts';
import { consumeChallenge, liveChallenge, statedChallenge } from './challenges.ts';
import { credentialById, touchCredential, userHandleOf } from './credentials.ts';
import { passkeyLimits } from './limits.ts';
import type { RelyingParty } from './relying-party.ts';

/** A verified assertion, not yet spent: spend it with `spendApproval` in the transaction of what it approves. */
export interface Approval {
  readonly challenge: string;
  /** The member the challenge was issued to; null for a sign-in. */
  readonly challengeUserId: number | null;
  readonly purpose: PasskeyPurpose;
  /** The passkey's owner and row. */
  readonly userId: number;
  readonly credentialRowId: number;
  readonly counter: number;
}

export interface Asked {
  readonly userId: number | null;
  readonly purpose: PasskeyPurpose;
  readonly payload: Payload;
  readonly now: number;
}

export const expired = () => new ApiError('error.passkey_expired');

/**
 * Checks an assertion against the challenge it names, derived again from the nonce kept for it and the payload of
 * THIS request: the signature verifies only if the member approved exactly this. For a member (`asked.userId`),
 * the passkey must be theirs. Spends nothing: see spendApproval.
 */
export async function verifyApproval(db: Db, rp: RelyingParty, assertion: PasskeyAssertion, asked: Asked): Promise<Approval> {
  const stated = statedChallenge(assertion.response.clientDataJSON);
  // The credential is read before the challenge: a spend of this very assertion commits the challenge used and the
  // credential's new counter at once, so a replay racing it that sees the new counter also sees the challenge used
  // (expired), never a counter that went back (refused) for an approval that simply went through.
  const credential = stated === null ? null : await credentialById(db, assertion.id);
  const live = stated === null ? null : await liveChallenge(db, stated, asked.userId, asked.purpose, asked.now);
  if (!live) throw expired();
  if (!credential || (asked.userId !== null && credential.userId !== asked.userId)) throw refused();
  // The authenticator names the account it holds the passkey for: it must be the passkey's owner.
  const handle = assertion.response.userHandle;
  if (handle !== undefined && handle !== (await userHandleOf(db, credential.userId))) throw refused();
  const counter = await verifyAssertion(rp, assertion, deriveChallenge(live.nonce, asked.purpose, asked.payload), credential);
  return { challenge: live.challenge, challengeUserId: asked.userId, purpose: asked.purpose, userId: credential.userId, credentialRowId: credential.id, counter };
}

/** A member's step-up: the attempt counted first (attempts.ts), forgotten once one is good. */
export async function verifyStepUp(db: Db, rp: RelyingParty, assertion: PasskeyAssertion, asked: Asked & { readonly userId: number }): Promise<Approval> {
  const limit = passkeyLimits.account(asked.userId);
  if (!(await countAttempts(db, [limit], asked.now))) throw new ApiError('error.rate_limited');
  const approval = await verifyApproval(db, rp, assertion, asked);
  await clearAttempts(db, [limit.bucket]);
  return approval;
}

/**
 * Spends an approval on what `asked` describes, computed by the caller from its own request: the challenge must be
 * unused, unexpired and issued for exactly this payload (its digest), or nothing happens (passkey_expired). In the
 * caller's transaction, so a replay finds it used and a failure leaves it unspent.
 */
export async function spendApproval(db: Db, approval: Approval, asked: Asked): Promise<void> {
  if (approval.purpose !== asked.purpose || approval.challengeUserId !== asked.userId) throw refused();
  const spent = await consumeChallenge(db, { challenge: approval.challenge, userId: asked.userId, purpose: asked.purpose, payload: asked.payload, now: asked.now });
  if (!spent) throw expired();
  await touchCredential(db, approval.credentialRowId, approval.counter, asked.now);
}
