import { z } from 'zod';

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
  TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(24 * 7),
  /** Auto-approve reviews after this many ms; 0 (the default) keeps every review for the operator. */
  DEMO_AUTO_APPROVE_MS: z.coerce.number().int().nonnegative().default(0),
  /** Run the market simulator and settlement loops; tests turn them off and drive time themselves. */
  MARKET_FEED: bool.default(true),
  /** A folder of `<SYMBOL>.csv` OHLCV files (time,open,high,low,close,volume): those products replay their file
   *  in a loop instead of the simulator; the others stay simulated. Unset: every product is simulated. */
  REPLAY_DIR: z.string().min(1).optional(),
  /** Where the app's build is served from. */
  STATIC_DIR: z.string().default('./dist'),
  /** Where uploaded images live: never inside STATIC_DIR. */
  UPLOAD_DIR: z.string().optional(),
  /** Trust X-Forwarded-For for the login rate limit (only behind a proxy you run). */
  TRUST_PROXY: bool.default(false),
});
export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`PORT=`) means unset, as in most shells' .env habits; otherwise '' would coerce to port 0.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
