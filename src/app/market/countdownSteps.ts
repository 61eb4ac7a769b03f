// When a countdown's displayed second changes. Pure, so the rule is tested without a page.

/**
 * How long until a countdown showing `remainingMs` changes its text. It shows D while the true remaining
 * time is in (D−1, D] seconds, so it steps when the remaining time reaches (D−1) s: on the order's own
 * second, not on whole server seconds. Null once it has reached zero (nothing left to step).
 */
export function msToNextStep(remainingMs: number): number | null {
  if (remainingMs <= 0) return null;
  const shown = Math.ceil(remainingMs / 1000);
  return remainingMs - (shown - 1) * 1000;
}
