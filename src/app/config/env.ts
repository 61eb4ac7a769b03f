/** Spec 7: all calls go to one fixed API base; an operator can point the build elsewhere. */
export const apiBase: string = import.meta.env.VITE_API_BASE || '/api';

/** Spec 9: every call gives up after 10 000 ms. */
export const REQUEST_TIMEOUT_MS = 10_000;
