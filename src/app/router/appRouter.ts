import type { ComponentType } from 'react';
import { createBrowserHistory, createMemoryHistory, type History, type Location, type NavigationType, type To } from './history.ts';
import type { AppConfig } from '../../contract/common.ts';
import type { ConfigLoader } from './configLoader.ts';
import { matchScreen, type RouteScreen } from './matchScreen.ts';

/** What the app shows: a location whose config and screen code have both arrived. */
export interface CommittedRoute {
  readonly location: Location;
  readonly action: NavigationType;
  readonly screen: RouteScreen;
  /** null when the screen's code failed to load (the error screen shows instead). */
  readonly Component: ComponentType | null;
  /** The common/config fetched before this navigation (null when it failed). */
  readonly config: AppConfig | null;
}

export interface RouterState {
  /** null until the first location has committed. */
  readonly route: CommittedRoute | null;
  /** Where a navigation in progress is going (its config or code still on the way). */
  readonly pending: Location | null;
}

export interface AppRouter {
  readonly history: History;
  readonly state: RouterState;
  subscribe(listener: () => void): () => void;
  /** Resolves once this navigation (or a later one that overtook it) has committed. */
  navigate(to: To | number, options?: { readonly replace?: boolean }): Promise<void>;
  /** Stops listening to the history (tests make many routers in one page). */
  dispose(): void;
}

export interface AppRouterOptions {
  readonly loadConfig: ConfigLoader;
  /** The config a previous visit fetched: the first screen shows with it instead of waiting for this visit's. */
  readonly lastConfig?: AppConfig | null;
  readonly loadScreen: (screen: RouteScreen) => Promise<ComponentType>;
  /** Tests run in memory from these entries; the app uses the browser's history. */
  readonly initialEntries?: string[];
}

/**
 * The app's router, over our own history (history.ts) and links (navigation.tsx).
 * Spec 2: before every navigation the common config is fetched; the screen changes only when it and the next
 * screen's code have arrived, so a member never sees a blank screen between two. A newer navigation overtakes an
 * older one still loading.
 */
export function createAppRouter(options: AppRouterOptions): AppRouter {
  const history: History = options.initialEntries ? createMemoryHistory(options.initialEntries) : createBrowserHistory();
  let state: RouterState = { route: null, pending: history.location };
  const listeners = new Set<() => void>();
  let started = 0;
  let committed = 0;
  /** Navigations not yet shown: every commit is the newest navigation, so it settles them all. */
  const waiting: (() => void)[] = [];

  const set = (next: RouterState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const begin = (action: NavigationType, location: Location) => {
    const seq = ++started;
    const screen = matchScreen(location.pathname);
    set({ ...state, pending: location });
    let fresh: AppConfig | null = null;
    const config = options.loadConfig().then((loaded) => (fresh = loaded));
    const code = options.loadScreen(screen).catch(() => null);
    const commit = (Component: ComponentType | null, shown: AppConfig | null) => {
      if (seq !== started) return;
      committed = seq;
      set({ route: { location, action, screen, Component, config: shown }, pending: null });
      for (const resolve of waiting.splice(0)) resolve();
    };
    // A repeat visit's first screen does not wait for the config's round trip on a slow network: the last visit's
    // config stands in and is replaced as soon as this one's arrives (it is still fetched before this navigation).
    const standIn = seq === 1 ? (options.lastConfig ?? null) : null;
    if (standIn === null) {
      void Promise.all([config, code]).then(([loaded, Component]) => commit(Component, loaded));
      return;
    }
    void code.then((Component) => commit(Component, fresh ?? standIn));
    void config.then((loaded) => {
      const route = state.route;
      if (loaded === null || committed !== seq || route?.location !== location) return;
      set({ ...state, route: { ...route, config: loaded } });
    });
  };

  const unlisten = history.listen(({ action, location }) => begin(action, location));
  begin('POP', history.location);

  return {
    history,
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, navigateOptions) {
      if (typeof to === 'number') history.go(to);
      else if (navigateOptions?.replace) history.replace(to);
      else history.push(to);
      // history.go() is answered by popstate later: nothing to wait for here.
      if (started === committed) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    dispose() {
      unlisten();
      listeners.clear();
    },
  };
}
