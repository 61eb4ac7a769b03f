import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { api, type Api, type ApiPath, type Res } from '../../src/contract/api.ts';
import type { ErrorKey } from '../../src/contract/errors.ts';
import type { Lang } from '../../src/contract/primitives.ts';
import { sessionHint } from '../auth/session-cache.ts';
import { authenticate, sessionLife } from '../auth/session-life.ts';
import type { AuthUser } from '../auth/tokens.ts';
import { normalizeIp } from '../config.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/core.ts';
import { keptSecret } from '../secrets.ts';
import type { Deps } from '../deps.ts';
import { sizedJson } from './compress.ts';
import { bodyCapFor, parseJsonBody, readBodyText, refuseControlChars, type NodeBody } from './body.ts';
import { ApiError } from './errors.ts';
import { fieldsOf } from '../../src/contract/fields.ts';

export interface RouteCtx<P extends ApiPath> {
  readonly body: z.output<Api[P]['req']>;
  readonly user: Api[P]['auth'] extends true ? AuthUser : AuthUser | null;
  /** For money-moving paths this is the transaction that also records the idempotency key. */
  readonly db: Db;
  readonly deps: Deps;
  readonly lang: Lang;
  readonly ip: string;
  readonly now: number;
  readonly hono: Context;
  /** For a path registered `atomic` with an Idempotency-Key: where its one statement keeps the answer (keepAnswer). */
  readonly answerKey: AnswerKey | null;
}
export type Handler<P extends ApiPath> = (ctx: RouteCtx<P>) => Promise<Res<P>>;

/** Where an idempotent answer is kept: the member's Idempotency-Key, bound to the path and the body's fingerprint. */
export interface AnswerKey {
  readonly userId: number;
  readonly key: string;
  readonly path: string;
  readonly bodyHash: string;
}

/**
 * The INSERT that keeps the answer (`response`, its JSON text) under `k` once per row of `source` (a relation of the same statement, one row when
 * the effect happened): for an atomic handler, whose effect and kept answer commit together in one statement.
 */
export const keepAnswer = (k: AnswerKey, response: SQL, source: SQL): SQL =>
  sql`INSERT INTO idempotency_keys (user_id, key, path, body_hash, status, response)
      SELECT ${k.userId}, ${k.key}, ${k.path}, ${k.bodyHash}, 200, ${response} FROM ${source}`;

export interface RouteOptions {
  /**
   * The handler makes its whole effect in one statement (no transaction around it, so no BEGIN and COMMIT round
   * trips on a hot path), and keeps its answer in that statement with keepAnswer when ctx.answerKey is given.
   */
  readonly atomic?: boolean;
  /**
   * The handler's statement checks the session itself (`user.tokenHash`, its member and its expiry), so `user` may
   * be a remembered hint (auth/session-cache.ts) rather than a fresh lookup: no session round trip on a hot path.
   */
  readonly sessionInStatement?: boolean;
  /** The path reads no session (common/batch: each of its calls checks its own): no session lookup for it. */
  readonly anonymous?: boolean;
}

export const langOf = (header: string | undefined): Lang => (header === 'vn' || header === 'zn' ? header : 'en');

/** The request's input, size- depth- and control-character-checked before any schema sees it. */
export async function readInput(c: Context, method: 'GET' | 'POST', path: string): Promise<unknown> {
  const input = method === 'GET' ? c.req.query() : parseJsonBody(await readBodyText(c.req.raw, bodyCapFor(path), (c.env as { incoming?: NodeBody } | undefined)?.incoming));
  refuseControlChars(input);
  return input;
}

/**
 * A POST body as route() will see it (read once, memoised), for a gate that runs before the route: undefined when
 * route() would refuse it, which then answers that itself.
 */
export async function gateInput(c: Context, path: string): Promise<unknown> {
  try {
    return await readInput(c, 'POST', path);
  } catch {
    return undefined;
  }
}

/** The input as the schema's output, or the translated validation error (field by field) thrown. */
export function validInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = fieldsOf(parsed.error);
  // A field that carries a message of its own ("Please Enter The Amount") names the whole error.
  const own = Object.values(fields).find((k): k is ErrorKey => k.startsWith('error.'));
  throw new ApiError(own ?? 'error.validation', fields);
}

/**
 * Fields never part of a fingerprint: a PIN must not be recoverable from what is kept for idempotency. Nor is a
 * passkey's approval, a proof like the PIN: a retry approved again (a new signature) is still the same request.
 */
const SECRET_FIELD = /password|pin$|pwd|authorization|token|passkey/i;
const withoutSecrets = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).filter(([k]) => !SECRET_FIELD.test(k)).map(([k, v]) => [k, withoutSecrets(v)]))
    : body;

const hmacKey = (db: Db) => keptSecret(db, 'idempotency_hmac');

/**
 * What an Idempotency-Key is bound to: HMAC-SHA256 under a server secret (kept in the database) of the
 * validated body with its secret fields left out. Without the key nothing can be tested against it, and even
 * with it the PIN was never in it.
 */
export async function fingerprint(db: Db, validated: unknown): Promise<string> {
  return createHmac('sha256', await hmacKey(db)).update(JSON.stringify(withoutSecrets(validated))).digest('hex');
}
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

const NO_SESSION = { user: null, refusal: null } as const;

/** Registers one contract path: parse, validate, authenticate, run (idempotently where money moves), envelope. */
export function route<P extends ApiPath>(app: Hono, deps: Deps, path: P, handler: Handler<P>, options: RouteOptions = {}): void {
  const endpoint = api[path];
  const atomic = options.atomic === true;
  const life = sessionLife(deps.config);
  app.on(endpoint.method, `/api/${path}`, async (c) => {
    const now = deps.clock.now();
    // Every call with a token counts as the session's use (a public path's too: the member has the app open).
    const { user, refusal } = options.anonymous ? NO_SESSION : await (options.sessionInStatement ? sessionHint : authenticate)(deps.db, c.req.header('authorization'), now, life);
    if (endpoint.auth && !user) throw new ApiError(refusal ?? 'error.unauthorized');
    const body = validInput(endpoint.req, await readInput(c, endpoint.method, path));
    const base = {
      body,
      user,
      deps,
      lang: langOf(c.req.header('accept-language')),
      ip: requestIp(c, deps),
      now,
      hono: c,
      answerKey: null,
    } as Omit<RouteCtx<P>, 'db'>;

    const key = c.req.header('idempotency-key');
    let data: Res<P>;
    if (endpoint.idempotent && user && key !== undefined) {
      if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError('error.validation', { 'Idempotency-Key': 'field.invalid' });
      const answerKey: AnswerKey = { userId: user.id, key, path, bodyHash: await fingerprint(deps.db, body) };
      data = await idempotent(deps.db, answerKey, atomic, (db) => handler({ ...base, db, answerKey }));
    } else if (endpoint.idempotent && !atomic) {
      data = await deps.db.transaction((tx) => handler({ ...base, db: tx }));
    } else {
      data = await handler({ ...base, db: deps.db });
    }
    if (deps.checkResponses) endpoint.res.parse(data);
    // How long the answer took after `now` (its serverTime): a client's clock estimate takes it out of the round
    // trip (NTP-style), so a slow answer on a busy server does not shift every countdown by half of it.
    c.header('Server-Timing', `app;dur=${Math.max(0, deps.clock.now() - now)}`);
    return sizedJson(c, { code: 0, msg: '', data });
  });
}

/**
 * The first answer for (member, key) is kept in the same transaction (or, for an atomic handler, the same
 * statement) as its effect. A retry runs again and fails on the key's primary key, which rolls its effect back; so
 * does a retry that is refused (the balance it spent is gone): either way the first answer is replayed. Asking for
 * the key first would cost every first request a round trip, and retries are rare.
 */
async function idempotent<T>(db: Db, k: AnswerKey, atomic: boolean, run: (db: Db) => Promise<T>): Promise<T> {
  try {
    if (atomic) return await run(db);
    return await db.transaction(async (tx) => {
      const result = await run(tx);
      await tx.insert(idempotencyKeys).values({ userId: k.userId, key: k.key, path: k.path, bodyHash: k.bodyHash, status: 200, response: JSON.stringify(result) });
      return result;
    });
  } catch (e) {
    const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key)));
    if (!row) throw e;
    if (row.path !== k.path || row.bodyHash !== k.bodyHash) throw new ApiError('error.idempotency_conflict');
    return JSON.parse(row.response) as T;
  }
}

export function isUniqueViolation(e: unknown): boolean {
  for (let err: unknown = e; err; err = (err as { cause?: unknown }).cause) {
    if ((err as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The address a request came from. X-Forwarded-For is believed only when the socket peer is one of the
 * TRUST_PROXY addresses, and then read from the right, skipping trusted hops: the first address a trusted
 * proxy did not add is the client. A client's own (spoofed) entries further left are never reached.
 */
export function clientIp(peer: string | undefined, forwardedFor: string | undefined, trusted: readonly string[]): string {
  let ip = peer === undefined ? 'local' : normalizeIp(peer);
  if (!trusted.includes(ip) || !forwardedFor) return ip;
  const hops = forwardedFor.split(',').map((h) => normalizeIp(h)).filter((h) => h !== '');
  while (hops.length) {
    const hop = hops.pop() ?? '';
    if (isIP(hop) === 0) return ip;
    ip = hop;
    if (!trusted.includes(hop)) return hop;
  }
  return ip;
}

function requestIp(c: Context, deps: Deps): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return clientIp(env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), deps.config.TRUST_PROXY);
}
