/** The spec's localStorage keys. Reads never throw: storage can be blocked in private modes. */
export const TOKEN_KEY = 'accessToken';
export const LANG_KEY = 'lang';
/** Ours, not the spec's: the member's theme choice. */
export const THEME_KEY = 'theme';
/** Ours: the last common/config, so a repeat visit's first screen need not wait for its round trip. */
export const CONFIG_KEY = 'config';
/** Ours: the reality check's latest reminder already shown, as `<the day's first order time>:<reminder time>`. */
export const REALITY_CHECK_KEY = 'realityCheck';

export function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the in-memory atom still holds the value for this visit.
  }
}
