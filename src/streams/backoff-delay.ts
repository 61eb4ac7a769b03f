export interface BackoffOptions {
  /** Delay after the first failure, ms (default 1000). */
  readonly initialMs?: number;
  /** Cap on the delay, ms (default 30 000). */
  readonly maxMs?: number;
  /** Growth per consecutive failure (default 2). */
  readonly factor?: number;
  /** Share of the delay taken off at random, 0..1 (default 0.5). */
  readonly jitter?: number;
}

/**
 * Delay before retry number `attempt` (1 for the first failure): exponential, capped, then jittered.
 * "Equal jitter": at least (1 - jitter) of the delay is kept, so clients that failed together spread out
 * without any of them retrying at once.
 */
export function backoffDelay(attempt: number, random: () => number, options: BackoffOptions = {}): number {
  const initialMs = options.initialMs ?? 1000;
  const maxMs = options.maxMs ?? 30_000;
  const factor = options.factor ?? 2;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.5));
  const ceiling = Math.min(maxMs, initialMs * factor ** Math.max(0, attempt - 1));
  const draw = Math.min(1, Math.max(0, random()));
  return Math.round(ceiling * (1 - jitter * draw));
}
