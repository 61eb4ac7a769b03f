/** Where the page's countdowns step, and how to land a poll's answer just before. */
export interface BeatAlignment {
  /** The wait the poll chose after its answer (its period, or longer for a market at rest), ms. */
  readonly waitMs: number;
  /** The server clock now, epoch ms. */
  readonly serverNowMs: number;
  /** Where in each server second the page's countdowns step (0–999), or null when none is on screen. */
  readonly beatPhaseMs: number | null;
  /** From sending a request to its answer reaching the page, plus a margin to land before the beat, ms. */
  readonly leadMs: number;
}

/**
 * The wait before the next request, moved by less than half a second so its answer reaches the page just before
 * the countdowns' next step: the page then paints the new prices and the step in one frame instead of two. Each
 * move is under half a second, so a poll that keeps aligning answers every whole number of seconds nearest its
 * period plus the round trip; a wait is never cut below half (a short one only moves later), so it cannot spin.
 */
export function alignToBeat({ waitMs, serverNowMs, beatPhaseMs, leadMs }: BeatAlignment): number {
  if (beatPhaseMs === null) return waitMs;
  const arrival = serverNowMs + waitMs + leadMs;
  let shift = (((beatPhaseMs - arrival) % 1000) + 1000) % 1000;
  // Earlier by up to half a second, but never below half the wait: a short wait only ever moves later.
  if (shift >= 500 && waitMs + shift - 1000 >= waitMs / 2) shift -= 1000;
  return Math.round(waitMs + shift);
}
