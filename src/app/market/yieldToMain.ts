/**
 * Ends the current task, so the browser can paint and answer a tap before the next piece of work: one long task
 * on a slow phone becomes a few short ones (scheduler.yield where the browser has it, else a new task).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
