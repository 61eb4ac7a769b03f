import type { Context } from 'hono';
import type { Config } from '../config.ts';

/** Where a ceremony counts: the RP ID the passkeys are scoped to, and the page origins it may come from. */
export interface RelyingParty {
  readonly name: string;
  readonly id: string;
  readonly origins: readonly string[];
}

/**
 * From configuration (PASSKEY_RP_ID, PASSKEY_ORIGINS) when set. Unset, from the request itself: the page's
 * Origin header (a browser sends it with every POST), else the Host it was sent to. That is what development and
 * tests need (localhost on any port, behind Vite's proxy or not) and it is safe there, because the browser binds
 * every signature to the page's real origin and RP ID; a deployment still sets both, so that a Host or Origin a
 * proxy passes on never chooses where passkeys count.
 */
export function relyingParty(config: Pick<Config, 'WEB_NAME' | 'PASSKEY_RP_ID' | 'PASSKEY_ORIGINS'>, c: Context): RelyingParty {
  const name = config.WEB_NAME;
  if (config.PASSKEY_RP_ID !== undefined) {
    return { name, id: config.PASSKEY_RP_ID, origins: config.PASSKEY_ORIGINS ?? [`https://${config.PASSKEY_RP_ID}`] };
  }
  const origin = requestOrigin(c);
  return { name, id: new URL(origin).hostname, origins: config.PASSKEY_ORIGINS ?? [origin] };
}

/** The page's origin: its Origin header (a browser sends one with every POST), else where the request was sent. */
function requestOrigin(c: Context): string {
  const given = c.req.header('origin');
  if (given !== undefined && URL.canParse(given) && new URL(given).origin === given) return given;
  // The server builds the request's URL from its Host header.
  return new URL(c.req.url).origin;
}
