// What the page records during a measurement window. Kept as source text (added with addInitScript before any
// page script runs) because the Node benchmark is compiled without the DOM lib.
// Messages from the worker are counted where the page receives them (on the Worker and on comlink's ports), sized
// as JSON plus the bytes of any binary arrays: close to, not exactly, the structured clone's size.
export const PAGE_PROBE = `(() => {
  const state = { longTasks: [], longFrames: [], events: [], messages: { count: 0, maxBytes: 0, totalBytes: 0 } };
  const sizeOf = (data) => {
    let binary = 0;
    try {
      const text = JSON.stringify(data, (key, value) => {
        if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) { binary += value.byteLength; return 0; }
        if (value instanceof MessagePort) return 0;
        return value;
      });
      return (text ? text.length : 0) + binary;
    } catch { return 0; }
  };
  const record = (event) => {
    const bytes = sizeOf(event.data);
    state.messages.count += 1;
    state.messages.totalBytes += bytes;
    if (bytes > state.messages.maxBytes) state.messages.maxBytes = bytes;
  };
  const heard = new WeakSet();
  for (const proto of [Worker.prototype, MessagePort.prototype]) {
    const add = proto.addEventListener;
    proto.addEventListener = function (type, listener, options) {
      if (type === 'message' && !heard.has(this)) { heard.add(this); add.call(this, 'message', record); }
      return add.call(this, type, listener, options);
    };
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push(e.duration);
  }).observe({ type: 'longtask' });
  // What a long task ran: the long animation frames over 50 ms with their scripts (a rare one is otherwise a number).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.duration <= 50) continue;
      const scripts = (e.scripts || []).map((x) => \`\${Math.round(x.duration)} ms \${x.invokerType} \${x.invoker} \${x.sourceFunctionName || ''} \${(x.sourceURL || '').replace(/^.*\\//, '')}\`);
      state.longFrames.push(\`\${Math.round(e.duration)} ms (blocking \${Math.round(e.blockingDuration)}, render \${Math.round(e.duration - (e.renderStart ? e.renderStart - e.startTime : e.duration))}): \${scripts.join('; ') || 'no script'}\`);
    }
  }).observe({ type: 'long-animation-frame' });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.events.push({ name: e.name, duration: e.duration, interactionId: e.interactionId || 0 });
  }).observe({ type: 'event', durationThreshold: 16 });
  globalThis.__mainThreadBench = {
    reset() { state.longTasks = []; state.longFrames = []; state.events = []; state.messages = { count: 0, maxBytes: 0, totalBytes: 0 }; },
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
  /** Long animation frames (> 50 ms) as text: duration, blocking, render time, and the scripts that ran. */
  readonly longFrames: readonly string[];
  readonly events: readonly ProbeEvent[];
  /** What the page received from the worker in the window. */
  readonly messages: { readonly count: number; readonly maxBytes: number; readonly totalBytes: number };
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
