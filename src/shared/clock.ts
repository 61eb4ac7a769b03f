/**
 * The one reading of the device's wall clock, on the page and in the worker. It decides nothing by itself: the
 * server's time is this plus the offset the worker measures (`serverNow`). A lint rule keeps every other
 * `Date.now()` and argument-less `new Date()` out of `src/`, so no code counts on the phone's clock by accident.
 */
export function deviceNow(): number {
  return Date.now();
}

/** The server's time now: the device's clock plus the measured offset (serverNow − deviceNow, from the worker). */
export function serverNow(offsetMs: number): number {
  return deviceNow() + offsetMs;
}
