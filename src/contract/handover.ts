/**
 * A navigation target that answers 204 (no document): the update prompt points a hidden frame at it while a new
 * service worker version waits, since Chromium looks at a waiting version again when a navigation in its scope starts.
 */
export const HANDOVER_PATH = '/api/service-worker-handover';
