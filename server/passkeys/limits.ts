import type { Limit } from '../auth/attempts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Attempt limits of the passkey paths (server/auth/attempts.ts counts each before anything is checked). */
export const passkeyLimits = {
  /** Sign-in options from one address: each is a challenge row, and the sign-in screen asks once per visit. */
  optionsSource: (ip: string): Limit => ({ bucket: `passkey:options:src:${ip}`, free: 120, memoryMs: HOUR, baseDelayMs: 1000, maxDelayMs: 5 * MINUTE }),
  /** A member's own ceremonies (adding one, a step-up's options): each is a challenge row too. */
  optionsAccount: (userId: number): Limit => ({ bucket: `passkey:options:acct:${userId}`, free: 60, memoryMs: HOUR, baseDelayMs: 1000, maxDelayMs: 5 * MINUTE }),
  /** Sign-in assertions from one address, whoever they name. */
  signInSource: (ip: string): Limit => ({ bucket: `passkey:login:src:${ip}`, free: 30, memoryMs: HOUR, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE }),
  /** Assertions and new passkeys checked for one member in a session: forgotten after a good one. */
  account: (userId: number): Limit => ({ bucket: `passkey:acct:${userId}`, free: 10, memoryMs: 24 * HOUR, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE }),
};
