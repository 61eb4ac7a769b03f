import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceNow, serverNow } from './clock.ts';

describe('the clock', () => {
  afterEach(() => vi.useRealTimers());

  it("reads the device's clock and adds the server's offset to it", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    expect(deviceNow()).toBe(1_700_000_000_000);
    // A phone ten minutes slow: the server is 600 000 ms ahead of it.
    expect(serverNow(600_000)).toBe(1_700_000_600_000);
    vi.advanceTimersByTime(1_500);
    expect(serverNow(-250)).toBe(1_700_000_001_250);
  });
});
