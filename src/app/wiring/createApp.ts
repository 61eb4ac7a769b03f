import type { i18n as I18n } from 'i18next';
import { createStore } from 'jotai';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { apiBase, REQUEST_TIMEOUT_MS } from '../config/env.ts';
import { createI18n } from '../i18n/createI18n.ts';
import { DEFAULT_LANG, intlLocale, isLang } from '../i18n/languages.ts';
import { createAppRouter, type AppRouter } from '../router/appRouter.ts';
import { createConfigLoader, rememberedConfig } from '../router/configLoader.ts';
import { lazyScreens } from './lazyScreens.ts';
import { authPath, IDLE } from '../router/returnTo.ts';
import { langAtom } from '../state/language.ts';
import { tokenAtom } from '../state/session.ts';
import { LANG_KEY, readItem, TOKEN_KEY } from '../storage/local.ts';

export interface AppOptions {
  /** Answers API calls in tests; the browser's fetch otherwise. */
  readonly fetch?: typeof fetch;
  /** Tests run the router in memory from these entries; the app uses browser history. */
  readonly initialEntries?: string[];
  readonly apiBase?: string;
}

export interface App {
  readonly store: ReturnType<typeof createStore>;
  readonly i18n: I18n;
  readonly client: ApiClient;
  readonly router: AppRouter;
}

/** Wires one app: a jotai store, an i18n instance, the API client and the router. */
export async function createApp(options: AppOptions = {}): Promise<App> {
  const store = createStore();
  const lang = store.get(langAtom);
  const i18n = await createI18n(lang);
  document.documentElement.lang = intlLocale(lang);

  // The router needs the client (config loader) and the client needs the router (401 → /login).
  let router: AppRouter | null = null;
  const client = createApiClient({
    base: options.apiBase ?? apiBase,
    timeout: REQUEST_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // Read on every call, so a token written by another tab or a reload is used at once.
    token: () => readItem(TOKEN_KEY),
    lang: () => {
      const stored = readItem(LANG_KEY);
      return isLang(stored) ? stored : DEFAULT_LANG;
    },
    onUnauthorized: (reason) => {
      // Say "session expired" (or, when it went unused too long, that) only when there was a session; come back
      // here after the next login.
      const ended = store.get(tokenAtom) !== null && (reason === 'error.session_idle' ? IDLE : true);
      store.set(tokenAtom, null);
      const here = router?.state.route?.location;
      // Parallel calls can all answer 401: the first one decides where to go (and whether to say "expired").
      if (!router || here?.pathname === '/login' || router.state.pending?.pathname === '/login') return;
      void router.navigate(authPath('/login', here ? `${here.pathname}${here.search}` : '/', ended));
    },
  });
  router = createAppRouter({
    loadConfig: createConfigLoader(client),
    lastConfig: rememberedConfig(),
    loadScreen: (screen) => lazyScreens[screen](),
    ...(options.initialEntries ? { initialEntries: options.initialEntries } : {}),
  });
  return { store, i18n, client, router };
}
