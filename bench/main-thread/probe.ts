// What the page records during a measurement window. Kept as source text (added with addInitScript before any
// page script runs) because the Node benchmark is compiled without the DOM lib.
export const PAGE_PROBE = `(() => {
  const state = { longTasks: [], events: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push(e.duration);
  }).observe({ type: 'longtask' });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.events.push({ name: e.name, duration: e.duration, interactionId: e.interactionId || 0 });
  }).observe({ type: 'event', durationThreshold: 16 });
  globalThis.__mainThreadBench = {
    reset() { state.longTasks = []; state.events = []; },
    read() { return JSON.parse(JSON.stringify(state)); },
  };
})();`;

export interface ProbeEvent {
  readonly name: string;
  readonly duration: number;
  readonly interactionId: number;
}

export interface ProbeRead {
  readonly longTasks: readonly number[];
  readonly events: readonly ProbeEvent[];
}

export const PROBE_RESET = 'globalThis.__mainThreadBench.reset()';
export const PROBE_READ = 'globalThis.__mainThreadBench.read()';

/** The worst event per tap (an interaction's entries share its id); taps under 16 ms leave no entry. */
export function tapDurations(events: readonly ProbeEvent[]): number[] {
  const worst = new Map<number, number>();
  for (const e of events) {
    if (e.interactionId === 0) continue;
    worst.set(e.interactionId, Math.max(worst.get(e.interactionId) ?? 0, e.duration));
  }
  return [...worst.values()];
}
