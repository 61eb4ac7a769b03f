/**
 * Resolves once the page has nothing left to run: React's scheduler posts each piece of pending work as a task, and
 * the browser calls idle callbacks only when no task is waiting. A test that checks a render did not happen waits for
 * this, so a render React had queued would have run first; a frame can come before such a task.
 */
export const whenReactIsIdle = (): Promise<void> => new Promise((resolve) => requestIdleCallback(() => resolve()));
