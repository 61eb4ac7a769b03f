import { createContext, useContext } from 'react';
import type { CommittedRoute } from './appRouter.ts';

export interface RouteView {
  readonly route: CommittedRoute;
  /** A navigation is on its way (its config or screen code still loading). */
  readonly loading: boolean;
}

export const RouteContext = createContext<RouteView | null>(null);

/** The screen on show and whether the next one is loading; only inside <AppRouterView>. */
export function useRouteView(): RouteView {
  const view = useContext(RouteContext);
  if (!view) throw new Error('useRouteView outside <AppRouterView>');
  return view;
}
