import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { z } from 'zod';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is `1.2.3.4`. */
export const normalizeIp = (a: string) => a.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Configuration comes from the environment and is validated at start, so a typo fails loudly and early. */
const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Set to use a real PostgreSQL server instead of the embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  WEB_NAME: z.string().min(1).default('Candlewick'),
  CURRENCY: z.string().min(1).default('USDT'),
  /** A session unused this long ends (its next call answers error.session_idle); each use moves its end on. */
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(30),
  /** A session ends this long after its sign-in however much it is used: a copied token does not live for ever
   *  by being used, and a member types the password (or uses a passkey) at least this often. */
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(90),
  /** Auto-approve reviews after this many ms; 0 (the default) keeps every review for the operator. Needs DEMO=true
   *  (see demoApproveRefusal). */
  DEMO_AUTO_APPROVE_MS: z.coerce.number().int().nonnegative().default(0),
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /** Run the market simulator and settlement loops; tests turn them off and drive time themselves. */
  MARKET_FEED: bool.default(true),
  /** Serve the live market stream (GET product/live). Off, clients poll product/trunover as older apps do: for a
   *  proxy that cannot pass streams, and as the baseline the tick-to-screen bench compares with. */
  LIVE_STREAM: bool.default(true),
  /** A folder of `<SYMBOL>.csv` OHLCV files (time,open,high,low,close,volume): those products replay their file
   *  in a loop instead of the simulator; the others stay simulated. Unset: every product is simulated. Needs
   *  DEMO=true (see replayRefusal). */
  REPLAY_DIR: z.string().min(1).optional(),
  /** Connections each instance keeps to PostgreSQL (DATABASE_URL), besides one per job it leads. See docs/scaling.md
   *  for the measurement behind the default. */
  DATABASE_POOL: z.coerce.number().int().min(1).max(100).default(10),
  /** Where the app's build is served from. */
  STATIC_DIR: z.string().default('./dist'),
  /** Where uploaded images live: never inside STATIC_DIR. */
  UPLOAD_DIR: z.string().optional(),
  /** Prometheus metrics (GET /metrics) on a listener of their own, never the public one. Unset or 0: none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The metrics listener's address: loopback unless the scraper is elsewhere (then a private address). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** One JSON line per request on stdout. Off by default under a test runner (vitest sets NODE_ENV=test, also
   *  when a test passes its own environment), so test output stays readable; on everywhere else. */
  ACCESS_LOG: bool.default(() => process.env['NODE_ENV'] !== 'test'),
  /** Names this process in the access log; several instances share one database. */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'letters, digits and . _ : - (at most 64)')
    .default(() => `${hostname()}-${process.pid}`),
  /** The addresses of your own reverse proxies, comma-separated: only a request from one of them has its
   *  X-Forwarded-For believed, and then only the hops those proxies added. `false` or unset: none. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      if (v === 'false' || v === '0') return [] as string[];
      const list = v.split(',').map((a) => a.trim()).filter((a) => a !== '');
      for (const a of list) {
        if (isIP(normalizeIp(a)) === 0) {
          ctx.addIssue({ code: 'custom', message: `"${a}" is not an IP address: list your proxies' addresses, e.g. 127.0.0.1,10.0.0.2` });
          return z.NEVER;
        }
      }
      return list.map(normalizeIp);
    }),
  /** Seed the demo member, its code WELCOME1 and the demo deposit addresses, and allow REPLAY_DIR. Unset: on for
   *  the embedded PGlite default (so `npm ci && npm start` shows the demo), off with DATABASE_URL. */
  DEMO: bool.optional(),
  /** A PEM certificate (chain) and its key: with both, the server speaks HTTPS with HTTP/2 (HTTP/1.1 for clients
   *  that ask for it). A phone then fetches the first screen's dozen files over one connection instead of six that
   *  each start slow. Unset: plain HTTP, for a TLS-terminating proxy in front. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /** New members one address may register per hour before each further one waits. */
  REGISTER_PER_HOUR: z.coerce.number().int().positive().max(1_000_000).default(20),
  /** Passkeys' relying party: the domain the members' passkeys belong to (e.g. `app.example.com`). Unset: the host
   *  each request came to, as on localhost in development and tests; a deployment sets it, so that no Host header
   *  a proxy passes on decides where a passkey counts (DEVELOPERS.md, passkeys). */
  PASSKEY_RP_ID: z
    .string()
    .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'a domain name in lower case, without scheme or port')
    .optional(),
  /** The page origins passkey ceremonies may come from, comma-separated (`https://app.example.com`). Unset with
   *  PASSKEY_RP_ID: `https://<PASSKEY_RP_ID>`; both unset: the request's own origin. */
  PASSKEY_ORIGINS: z
    .string()
    .transform((v, ctx) => {
      const list = v.split(',').map((o) => o.trim()).filter((o) => o !== '');
      for (const o of list) {
        if (!/^https?:\/\/[^/?#]+$/.test(o) || !URL.canParse(o) || new URL(o).origin !== o) {
          ctx.addIssue({ code: 'custom', message: `"${o}" is not an origin: scheme and host (and port), e.g. https://app.example.com` });
          return z.NEVER;
        }
      }
      return list;
    })
    .optional(),
});
export type Config = Omit<z.infer<typeof configSchema>, 'DEMO'> & { readonly DEMO: boolean };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`PORT=`) means unset, as in most shells' .env habits; otherwise '' would coerce to port 0.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if ((parsed.data.TLS_CERT_FILE === undefined) !== (parsed.data.TLS_KEY_FILE === undefined)) {
    throw new Error('Invalid configuration:\n  TLS_CERT_FILE and TLS_KEY_FILE: set both (HTTPS with HTTP/2) or neither (plain HTTP)');
  }
  const config = { ...parsed.data, DEMO: parsed.data.DEMO ?? parsed.data.DATABASE_URL === undefined };
  const refusals = [replayRefusal(config), demoApproveRefusal(config), retiredRefusal(given)].filter((r) => r !== null);
  if (refusals.length > 0) throw new Error(`Invalid configuration:\n  ${refusals.join('\n  ')}`);
  return config;
}

/**
 * Why REPLAY_DIR may not run here, or null when it may. A replayed bar's close is known before it
 * happens, and the path inside the bar leads to it, so its shape hints at the close: a way to win against real
 * money. Replay is for demo servers only, and the app marks replayed products as demo data.
 */
export function replayRefusal(c: Pick<Config, 'REPLAY_DIR' | 'DEMO'>): string | null {
  if (c.REPLAY_DIR === undefined || c.DEMO) return null;
  return 'REPLAY_DIR: needs DEMO=true. Replayed history shows where each bar closes before it does, so it is for demo servers, never real money';
}

/**
 * Why DEMO_AUTO_APPROVE_MS may not run here, or null when it may. It approves every deposit, withdrawal and
 * identity check by itself: with real money, a made-up deposit would become spendable balance.
 */
export function demoApproveRefusal(c: Pick<Config, 'DEMO_AUTO_APPROVE_MS' | 'DEMO'>): string | null {
  if (c.DEMO_AUTO_APPROVE_MS === 0 || c.DEMO) return null;
  return 'DEMO_AUTO_APPROVE_MS: needs DEMO=true. It approves every deposit, withdrawal and identity check unseen, so it is for demo servers, never real money';
}

/**
 * Why a variable this server no longer reads is set, or null. TOKEN_TTL_HOURS was one fixed life per session; an
 * operator who shortened it for safety must not silently get the longer sliding sessions instead.
 */
export function retiredRefusal(env: Record<string, string | undefined>): string | null {
  if (env['TOKEN_TTL_HOURS'] === undefined) return null;
  return 'TOKEN_TTL_HOURS: no longer read. Sessions now end after SESSION_IDLE_DAYS without use (default 30) and at most SESSION_MAX_DAYS after sign-in (default 90): set those instead';
}
