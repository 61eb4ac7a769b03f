/** Where login sends the member back to: `?next=` carries a path inside this app. */
export const NEXT_PARAM = 'next';
/** Set when a 401 ended a session the member had, so the login screen can say so: `1`, or `idle` (unused too long). */
export const EXPIRED_PARAM = 'expired';
export const IDLE = 'idle';

const AUTH_PATHS = ['/login', '/reg'];

/** Only a same-app path counts: never another origin ("//evil", "https:…") nor the login screens themselves. */
export function safeNext(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  const path = raw.split(/[?#]/)[0] ?? '';
  return AUTH_PATHS.includes(path) ? '/' : raw;
}

/** The login (or register) link for a member who is at `here` now; `expired`: why the session they had ended. */
export function authPath(screen: '/login' | '/reg', here: string, expired: boolean | typeof IDLE = false): string {
  const params = new URLSearchParams();
  const next = safeNext(here);
  if (next !== '/') params.set(NEXT_PARAM, next);
  if (expired) params.set(EXPIRED_PARAM, expired === IDLE ? IDLE : '1');
  const query = params.toString();
  return query ? `${screen}?${query}` : screen;
}
