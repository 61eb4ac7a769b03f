/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; `/api` when unset (same origin as the app). */
  readonly VITE_API_BASE?: string;
}
