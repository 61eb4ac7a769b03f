/**
 * The device's IANA time zone ("Asia/Ho_Chi_Minh"), or null when the browser does not say. Sent with a member's
 * limits, whose day runs midnight to midnight there. Reads Intl, so only the screens that need it call it.
 */
export function deviceTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && zone !== '' ? zone : null;
  } catch {
    return null;
  }
}

/** A duration in whole minutes as hours and minutes (the locale pack words it). */
export function hoursAndMinutes(ms: number): { readonly h: number; readonly m: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}
