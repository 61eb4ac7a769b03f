import { describe, expect, it } from 'vitest';
import { alignToBeat } from './align-to-beat.ts';

describe('alignToBeat', () => {
  const landing = (o: { waitMs: number; serverNowMs: number; leadMs: number }, wait: number) => (o.serverNowMs + wait + o.leadMs) % 1000;

  it('moves the wait so the answer lands on the beat, by less than half a second either way', () => {
    for (const serverNowMs of [1_000_000, 1_000_123, 1_000_499, 1_000_500, 1_000_999]) {
      for (const beatPhaseMs of [0, 250, 870, 999]) {
        const o = { waitMs: 2_000, serverNowMs, beatPhaseMs, leadMs: 140 };
        const wait = alignToBeat(o);
        expect(landing(o, wait), `now ${serverNowMs}, beat ${beatPhaseMs}`).toBe(beatPhaseMs);
        expect(Math.abs(wait - 2_000)).toBeLessThanOrEqual(500);
      }
    }
  });

  it('keeps the wait when no countdown is on screen', () => {
    expect(alignToBeat({ waitMs: 2_000, serverNowMs: 1_000_321, beatPhaseMs: null, leadMs: 100 })).toBe(2_000);
  });

  it('never cuts a wait below half, so a short one moves later and a poll cannot spin', () => {
    for (const waitMs of [0, 100, 400, 999]) {
      for (let serverNowMs = 1_000_000; serverNowMs < 1_001_000; serverNowMs += 50) {
        const o = { waitMs, serverNowMs, beatPhaseMs: 600, leadMs: 50 };
        const wait = alignToBeat(o);
        expect(wait).toBeGreaterThanOrEqual(waitMs / 2);
        expect(landing(o, wait)).toBe(600);
      }
    }
  });

  it('puts a poll that keeps aligning on a whole-second cycle: every answer lands on the beat, the nearest seconds apart', () => {
    let serverNowMs = 1_000_037;
    const arrivals: number[] = [];
    for (let i = 0; i < 20; i++) {
      serverNowMs += alignToBeat({ waitMs: 2_000, serverNowMs, beatPhaseMs: 420, leadMs: 90 }) + 90;
      arrivals.push(serverNowMs);
    }
    expect(arrivals.every((t) => t % 1000 === 420)).toBe(true);
    expect(arrivals.slice(1).map((t, i) => t - (arrivals[i] ?? 0))).toEqual(new Array<number>(19).fill(2_000));
  });
});
