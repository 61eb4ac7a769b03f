import { type ReactNode, useSyncExternalStore } from 'react';
import { RouteLoading } from '../layout/RouteLoading.tsx';
import type { AppRouter } from '../router/appRouter.ts';
import { Router } from '../router/navigation.tsx';
import { RouteContext } from '../router/routeContext.ts';

/** Renders `children` at the router's committed location; the loading line until the first one commits. */
export function AppRouterView({ router, children }: { router: AppRouter; children: ReactNode }) {
  const { route, pending } = useSyncExternalStore(router.subscribe, () => router.state);
  if (!route) return <RouteLoading />;
  return (
    <Router location={route.location} history={router.history}>
      <RouteContext value={{ route, loading: pending !== null }}>{children}</RouteContext>
    </Router>
  );
}
