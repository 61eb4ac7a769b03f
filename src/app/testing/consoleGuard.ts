import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

/** Fails the test when anything logs an error or a warning (the issue asks for a clean console). */
export function guardConsole(): void {
  let error: MockInstance<typeof console.error>;
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    error = vi.spyOn(console, 'error');
    warn = vi.spyOn(console, 'warn');
  });
  afterEach(() => {
    const logged = [...error.mock.calls, ...warn.mock.calls];
    error.mockRestore();
    warn.mockRestore();
    expect(logged).toEqual([]);
  });
}
