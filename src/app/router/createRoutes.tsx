import type { RouteObject } from 'react-router-dom';
import { AppError } from '../layout/AppError.tsx';
import { AppLayout } from '../layout/AppLayout.tsx';
import { RouteLoading } from '../layout/RouteLoading.tsx';
import type { ConfigLoader } from './configLoader.ts';
import { lazyScreens } from './lazyScreens.ts';
import { ROOT_ROUTE_ID } from './routeIds.ts';
import { screenKeys, screenPaths, tabScreens, type ScreenHandle, type ScreenKey } from './screens.ts';

const lazyFor = (screen: ScreenKey | 'notfound') => async () => ({ Component: await lazyScreens[screen]() });
const handleFor = (screen: ScreenKey | 'notfound'): ScreenHandle => ({ screen, tab: screen !== 'notfound' && tabScreens.includes(screen) });

function screenRoute(screen: ScreenKey): RouteObject {
  const common = { id: screen, handle: handleFor(screen), lazy: lazyFor(screen) };
  return screen === 'home' ? { ...common, index: true } : { ...common, path: screenPaths[screen].slice(1) };
}

export function createRoutes(loadConfig: ConfigLoader): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      // The root loader runs before every navigation (shouldRevalidate), which is when spec 2 wants the config.
      loader: () => loadConfig(),
      shouldRevalidate: () => true,
      Component: AppLayout,
      ErrorBoundary: AppError,
      HydrateFallback: RouteLoading,
      children: [...screenKeys.map(screenRoute), { id: 'notfound', path: '*', handle: handleFor('notfound'), lazy: lazyFor('notfound') }],
    },
  ];
}
