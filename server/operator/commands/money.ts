import { isTrc20Address } from '../../../src/shared/trc20.ts';
import type { Deps } from '../../deps.ts';
import { move } from '../../domain/ledger.ts';
import { cents, fromCents, toCents, type Cents } from '../../../src/shared/money.ts';
import { ApiError } from '../../http/errors.ts';
import { approve, deny, isReviewKind, pendingReviews, REVIEW_KINDS, type ReviewKind } from '../../money/reviews.ts';
import { isRechargeKey, rechargeSettings, RECHARGE_KEYS, setSetting } from '../../money/settings.ts';
import { memberNamed } from '../member-named.ts';
import { parseArgs, UsageError, type OperatorCommand } from '../registry.ts';

const KINDS = REVIEW_KINDS.join('|');
/** Plural and short forms an operator is likely to type. */
const KIND_ALIASES: Record<string, ReviewKind> = { deposits: 'deposit', withdrawals: 'withdrawal', withdraw: 'withdrawal', identities: 'identity', idcard: 'identity', refunds: 'refund' };
const kindOf = (word: string | undefined): ReviewKind => {
  const k = word === undefined ? '' : (KIND_ALIASES[word] ?? word);
  if (!isReviewKind(k)) throw new UsageError(word === undefined ? `Say which kind: ${KINDS}` : `Unknown kind "${word}"; expected ${KINDS}`);
  return k;
};
const idOf = (word: string | undefined): number => {
  const id = Number(word);
  if (!word || !Number.isSafeInteger(id) || id <= 0) throw new UsageError(word === undefined ? 'Say which id' : `Not an id: ${word}`);
  return id;
};
const AMOUNT = /^-?(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
const centsOf = (word: string | undefined, signed: boolean): Cents => {
  if (word === undefined || !AMOUNT.test(word) || (!signed && word.startsWith('-'))) {
    throw new UsageError(`Not ${signed ? 'a signed' : 'a positive'} amount with at most 2 decimals: ${word ?? '(missing)'}`);
  }
  const c = toCents(word);
  if (c === 0n || (!signed && c < 0n)) throw new UsageError(`The amount must be ${signed ? 'non-zero' : 'positive'}: ${word}`);
  return c;
};
const reasonOf = (flags: Record<string, string>): string | undefined => {
  const r = flags['reason'];
  if (r === 'true') throw new UsageError('--reason needs a text');
  return r?.trim() || undefined;
};

/** The ledger's own refusal (insufficient_balance) in words an operator reads. */
async function moveFor(deps: Deps, userId: number, amount: Cents, ref: string): Promise<Cents> {
  try {
    const after = await deps.db.transaction((tx) => move(tx, { userId, type: 'adjust', available: amount, ref, at: deps.clock.now() }));
    return cents(after.available + after.frozen);
  } catch (e) {
    if (e instanceof ApiError && e.key === 'error.insufficient_balance') throw new Error(`The member's available balance is less than ${fromCents(cents(-amount))}`, { cause: e });
    throw e;
  }
}

const pending: OperatorCommand = {
  name: 'pending',
  usage: `[${KINDS}]`,
  help: 'List what waits for review (all kinds, or one), oldest first.',
  async run(deps, args) {
    const { words } = parseArgs(args);
    const items = await pendingReviews(deps.db, words[0] === undefined ? undefined : kindOf(words[0]));
    if (items.length === 0) return 'Nothing is waiting for review.';
    return items.map((i) => `${i.kind.padEnd(10)} #${String(i.id).padEnd(6)} ${i.username.padEnd(18)} ${new Date(i.createdAt).toISOString()}  ${i.summary}`).join('\n');
  },
};

const approveCommand: OperatorCommand = {
  name: 'approve',
  usage: `<${KINDS}> <id> [--reason text] [--amount 12.34]`,
  help: 'Approve a review: a deposit is credited (and counts toward the level), a withdrawal is paid out of frozen funds, a refund is credited (the claimed loss, or --amount), an identity marks the member verified.',
  async run(deps, args) {
    const { words, flags } = parseArgs(args);
    const kind = kindOf(words[0]);
    const id = idOf(words[1]);
    if (flags['amount'] !== undefined && kind !== 'refund') throw new UsageError('--amount applies to refunds only');
    const amount = flags['amount'] === undefined ? undefined : centsOf(flags['amount'], false);
    return approve(deps.db, kind, id, { now: deps.clock.now(), reason: reasonOf(flags), amount });
  },
};

const denyCommand: OperatorCommand = {
  name: 'deny',
  usage: `<${KINDS}> <id> --reason text`,
  help: 'Deny a review with a reason the member sees; a denied withdrawal returns its frozen amount to available.',
  async run(deps, args) {
    const { words, flags } = parseArgs(args);
    const kind = kindOf(words[0]);
    const id = idOf(words[1]);
    const reason = reasonOf(flags);
    if (!reason) throw new UsageError('A denial needs --reason "text the member will see"');
    return deny(deps.db, kind, id, { now: deps.clock.now(), reason });
  },
};

const credit: OperatorCommand = {
  name: 'credit',
  usage: '<username> <amount> [--reason text]',
  help: 'Add money to a member\'s available balance, as an "adjust" ledger entry.',
  async run(deps, args) {
    const { words, flags } = parseArgs(args);
    if (!words[0]) throw new UsageError('Say which member');
    const amount = centsOf(words[1], false);
    const userId = await memberNamed(deps.db, words[0]);
    const balance = await moveFor(deps, userId, amount, `operator credit: ${reasonOf(flags) ?? 'no reason given'}`);
    return `Credited ${fromCents(amount)} to ${words[0]}; balance now ${fromCents(balance)}`;
  },
};

const adjust: OperatorCommand = {
  name: 'adjust',
  usage: '<username> <signed amount> --reason text',
  help: 'Correct a member\'s available balance up or down (e.g. -5.00); refused if it would go below zero.',
  async run(deps, args) {
    const { words, flags } = parseArgs(args); // "-5.00" has one dash, so it stays a word, not a flag
    if (!words[0]) throw new UsageError('Say which member');
    const amount = centsOf(words[1], true);
    const reason = reasonOf(flags);
    if (!reason) throw new UsageError('An adjustment needs --reason "why"');
    const userId = await memberNamed(deps.db, words[0]);
    const balance = await moveFor(deps, userId, amount, `operator adjust: ${reason}`);
    return `Adjusted ${words[0]} by ${fromCents(amount)}; balance now ${fromCents(balance)}`;
  },
};

const rechargeSet: OperatorCommand = {
  name: 'recharge-set',
  usage: '[<key> <value>]',
  help: `Show, or set, where members send deposits. Keys: ${RECHARGE_KEYS.join(', ')}.`,
  async run(deps, args) {
    const { words } = parseArgs(args);
    const [key, ...valueWords] = words;
    if (key !== undefined) {
      if (!isRechargeKey(key)) throw new UsageError(`Unknown key "${key}"; expected one of ${RECHARGE_KEYS.join(', ')}`);
      const value = valueWords.join(' ').trim();
      if (!value) throw new UsageError('Give the new value');
      if (key === 'recharge.trc20.address' && !(await isTrc20Address(value))) throw new Error(`Not a valid TRC20 address (format or checksum): ${value}`);
      await setSetting(deps.db, key, value);
    }
    const s = await rechargeSettings(deps.db);
    return RECHARGE_KEYS.map((k) => `${k.padEnd(26)} ${s[k] ?? '(not set)'}`).join('\n');
  },
};

export const moneyCommands: OperatorCommand[] = [pending, approveCommand, denyCommand, credit, adjust, rechargeSet];
