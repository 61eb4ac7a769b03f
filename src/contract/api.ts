/**
 * The API contract: every path the app calls (spec section 7), the two support paths of decisions.md, and
 * common/batch (the boot script's early reads in one request: batch.ts).
 * The server validates requests with these schemas; the app imports the types only.
 *
 * Wire rules (decisions.md): POST with a JSON body except the three GETs; success is HTTP 200
 * `{ code: 0, msg: '', data }`; a business error is non-2xx `{ code, msg: <ErrorKey>, data?: { fields } }`;
 * a missing, unknown or expired token on a member path is 401. Money is a decimal string, time epoch ms.
 */
import { z } from 'zod';
import { batchReq, batchRes } from './batch.ts';
import { banks, config, notices } from './common.ts';
import { buyReq, earnList, earnListReq, holding, holdings, redeemReq, wealthDetails, wealthDetailsQuery } from './earn.ts';
import type { ErrorKey, FieldKey } from './errors.ts';
import {
  holdList, holdListReq, holdListRes, kdata, kdataReq, order, orderCreateReq, orderList, orderListReq, orderResultsReq, productDetails, productList,
  productListReq, productOrders, productOrdersReq, productRef, turnover, turnoverReq,
} from './market.ts';
import { limitsReq, limitsSetReq, limitsView } from './limits.ts';
import { contactAck, contactReq, messages, messagesReq, sendReq, supportMessage } from './support.ts';
import { sessionRevokeReq, signedInDevices } from './sessions.ts';
import {
  balanceList, bindIdcardReq, depositReq, idcardStatus, inviteInfo, loginReq, refundReq, registerReq,
  rechargeAddress, rechargeAddressReq, resetPaypwdReq, resetPwdReq, reviewItem, saveBankReq, session,
  userDetails, userWallets, waterReq, waterRes, withdrawalReq,
} from './user.ts';
import { passkeyList, passkeyItem, passkeyLoginReq, registerOptionsRes, passkeyRegisterReq, removeReq, requestOptionsRes, stepUpReq } from './passkeys.ts';

const empty = z.object({});
const ok = z.object({ ok: z.literal(true) });

interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** false: callable without a token. */
  readonly auth: boolean;
  /** true: moves money, so the client sends an Idempotency-Key and the server replays the first answer. */
  readonly idempotent: boolean;
  readonly req: z.ZodType;
  readonly res: z.ZodType;
  readonly doc: string;
  /**
   * A public market read: the same answer for everyone in a given second. Also served as GET with query
   * parameters, with a strong ETag (304 on If-None-Match) and `Cache-Control: public, max-age=1`; the server
   * computes it once per second per question. Every other answer is `private, no-store`.
   */
  readonly cached?: true;
}

// Literal flags, so the server's handler types know whether a member is signed in.
const post = <Q extends z.ZodType, R extends z.ZodType>(req: Q, res: R, doc: string) =>
  ({ method: 'POST', auth: true, idempotent: false, req, res, doc }) as const;
const money = <Q extends z.ZodType, R extends z.ZodType>(req: Q, res: R, doc: string) =>
  ({ method: 'POST', auth: true, idempotent: true, req, res, doc }) as const;
const publicPost = <Q extends z.ZodType, R extends z.ZodType>(req: Q, res: R, doc: string) =>
  ({ method: 'POST', auth: false, idempotent: false, req, res, doc }) as const;
const marketRead = <Q extends z.ZodType, R extends z.ZodType>(req: Q, res: R, doc: string) =>
  ({ method: 'POST', auth: false, idempotent: false, cached: true, req, res, doc }) as const;
const get = <Q extends z.ZodType, R extends z.ZodType>(req: Q, res: R, doc: string) =>
  ({ method: 'GET', auth: true, idempotent: false, req, res, doc }) as const;
const publicGet = <Q extends z.ZodType, R extends z.ZodType>(req: Q, res: R, doc: string) =>
  ({ method: 'GET', auth: false, idempotent: false, req, res, doc }) as const;

export const api = {
  // User
  'user/register': publicPost(registerReq, session, 'Create a member from username, 11-digit phone, password and an invitation code; links the inviter and returns a session.'),
  'user/login': publicPost(loginReq, session, 'Exchange username and password for an access token; rate-limited per username and per IP.'),
  'user/details': post(empty, userDetails, 'The signed-in member: profile, level 1-9, verified flag and balances.'),
  'user/save_bank': post(saveBankReq, userWallets, 'Bind (or replace) the bank card, or add a TRC20 withdrawal address; answers the wallets after the change.'),
  'user/deposit': money(depositReq, reviewItem, 'Declare a deposit made outside the app (method, amount, reference or tx hash, optional receipt); it starts under review.'),
  'user/bind_idcard': post(bindIdcardReq, idcardStatus, 'Submit real name, ID number and both ID photos for review.'),
  'user/idcard': get(empty, idcardStatus, 'Identity verification status and denial reason; only the owner can read it.'),
  'user/balance_list': post(empty, balanceList, 'Account, available and frozen balances, with my deposit, withdrawal and refund requests and their review status.'),
  'user/reset_pwd': post(resetPwdReq, ok, 'Change the login password after checking the current one; revokes every other session.'),
  'user/reset_paypwd': post(resetPaypwdReq, ok, 'Set (with the login password) or change (with the current one) the 6-digit transaction password.'),
  'user/getUserWallets': post(empty, userWallets, 'The bound bank card and TRC20 withdrawal addresses.'),
  'user/invite': post(empty, inviteInfo, 'Invite code and link, team size and cashback for each of the nine levels, recent invitees.'),
  'user/water': post(waterReq, waterRes, 'Fund flow: ledger entries, newest first, optionally of one type, paginated.'),
  // Wallet
  'wallet/bankWithdrawal': money(withdrawalReq, reviewItem, 'Withdraw to the bound bank card; the amount is frozen under review.'),
  'wallet/trcWithdrawal': money(withdrawalReq, reviewItem, 'Withdraw to a bound TRC20 address; the amount is frozen under review.'),
  'wallet/getRechargeAddress': post(rechargeAddressReq, rechargeAddress, "The platform's receiving bank account or TRC20 address for a deposit method."),
  'wallet/submit': money(refundReq, reviewItem, 'Anti-fraud refund request; reviewed, credited through the ledger on approval.'),
  // Common
  'common/banks': publicPost(empty, banks, 'Banks a member can bind a card of.'),
  'common/config': publicPost(empty, config, 'Brand (web_name), server time, currency, limits and level thresholds; fetched before every navigation.'),
  'common/notice': publicGet(empty, notices, 'Announcements and help articles in the Accept-Language language.'),
  // Ours: the boot script's early reads in one request (a first screen's data on slow mobile), each answered as on its own.
  'common/batch': publicPost(batchReq, batchRes, 'Several first-screen reads (batch.ts) in one request: each answers with its own status and body, as its own request would, with this one\'s session and language.'),
  // Wealth
  'wealth/getList': post(earnListReq, earnList, 'Earning products on sale: wealth products and lock-up pledges.'),
  'wealth/details': get(wealthDetailsQuery, wealthDetails, 'One earning product with its description (query ?id=).'),
  'wealth/orders': post(empty, holdings, 'My wealth holdings with their daily revenue records.'),
  'wealth/submit': money(redeemReq, holding, 'Redeem a holding early: the principal returns, the rest of the profit is forfeited.'),
  'wealth/buy': money(buyReq, holding, 'Buy a wealth product: the principal moves into a holding that earns daily.'),
  // Defi
  'Defi/myOrder': post(z.object({ Authorization: z.literal('').optional() }), holdings, 'My lock-up pledges (earning / complete) with revenue records.'),
  'Defi/orderMoney': money(buyReq, holding, 'Create a lock-up pledge of a pledge product.'),
  // Orders and products
  'order/list': post(orderListReq, orderList, 'Settled orders, newest first: result, open and settle price and time, profit.'),
  'order/create': money(orderCreateReq, order, 'Place a rise/fall order: stake and fee are debited in one transaction; opens at the last tick.'),
  'order/hold_list': post(holdListReq, holdListRes, 'My open orders with open price, settle time and the server time; with `since`, only those opened since, and the open count.'),
  'order/results': post(orderResultsReq, holdList, 'My orders with these ids, open or settled (ids not mine are left out): the due chase.'),
  // Market reads are public: a visitor browses /hq and /xq (decisions.md); product/orders is mine.
  'product/list': marketRead(productListReq, productList, 'Products with last price, 24 h change and category.'),
  'product/details': marketRead(productRef, productDetails, 'One product: cycles with payout rates, fee rate, minimum and maximum amounts.'),
  'product/trunover': marketRead(turnoverReq, turnover, '24 h volume and amount, and the latest trades (since a cursor).'),
  'product/kdata': marketRead(kdataReq, kdata, 'Candles of an interval; with `since`, only bars at or after it (new or changed).'),
  'product/orders': post(productOrdersReq, productOrders, 'My orders on one product: open ones and the latest settled ones; with `cursor`, only those opened or settled since (exactly once).'),
  // Support (decisions.md)
  'support/messages': post(messagesReq, messages, 'Chat messages after a cursor, and the unread count; markRead clears it.'),
  'support/send': post(sendReq, supportMessage, 'Send a text message to support.'),
  'support/contact': publicPost(contactReq, contactAck, 'A visitor (no session) leaves a message and a way to answer; rate-limited per IP.'),
  // Session (the spec has no logout path): the server forgets the token, so a copy of it is useless.
  'user/logout': post(empty, ok, 'End this session on the server: its token stops working at once.'),
  // Signed-in devices (decisions.md, the member's account): each answers my live sessions after it.
  'user/sessions': post(empty, signedInDevices, 'My signed-in devices: browser and system, signed in and last active, and which one is this.'),
  'user/session_revoke': post(sessionRevokeReq, signedInDevices, 'End one of my sessions by its id: its token answers 401 at once. Another member\'s id or an unknown one is not_found.'),
  'user/session_revoke_others': post(empty, signedInDevices, 'End every session of mine but this one: their tokens answer 401 at once.'),
  // Passkeys (decisions.md, the member's account): WebAuthn beside the password and the transaction password.
  'passkey/list': post(empty, passkeyList, "My passkeys: each one's name, when it was added and when it was last used."),
  'passkey/register_options': post(empty, registerOptionsRes, 'Options for the browser to create a passkey for me (a challenge good once, for 5 minutes).'),
  'passkey/register': post(passkeyRegisterReq, passkeyItem, 'Add the passkey the browser created, under the name I gave it.'),
  'passkey/remove': post(removeReq, ok, 'Remove one of my passkeys, confirmed with the login password or another passkey.'),
  'passkey/login_options': publicPost(empty, requestOptionsRes, "Options for signing in with any passkey of this site (also the browser's autofill); a challenge good once."),
  'passkey/login': publicPost(passkeyLoginReq, session, 'Exchange a passkey assertion for a new session, as user/login does for a password.'),
  'passkey/stepup_options': post(stepUpReq, requestOptionsRes, 'Options to approve exactly this withdrawal, new transaction password or removal with a passkey; good once.'),
  // Limits on one's own trading (limits.ts): tighter at once, looser after 24 hours; order/create enforces them.
  'user/limits': post(limitsReq, limitsView, 'My trading limits in force, the looser changes waiting and when they take effect, and my day so far.'),
  'user/limits_set': post(limitsSetReq, limitsView, 'Set, raise or remove my loss and turnover limits, take a break, set the reality check; answers as user/limits.'),
} as const satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type ApiPath = keyof Api;
export type GetPath = { [P in ApiPath]: Api[P]['method'] extends 'GET' ? P : never }[ApiPath];
export type CachedPath = { [P in ApiPath]: Api[P] extends { readonly cached: true } ? P : never }[ApiPath];
export type IdempotentPath = { [P in ApiPath]: Api[P]['idempotent'] extends true ? P : never }[ApiPath];
/** What the caller passes (defaults may be omitted). */
export type Req<P extends ApiPath> = z.input<Api[P]['req']>;
/** What the server answers inside `data`. */
export type Res<P extends ApiPath> = z.output<Api[P]['res']>;

export interface Envelope<T> {
  code: 0;
  msg: '';
  data: T;
}
export interface ErrorBody {
  code: number;
  msg: ErrorKey;
  data?: { fields?: Record<string, FieldKey | ErrorKey> };
}
