import type { AppConfig } from '../../contract/common.ts';
import { useRouteView } from '../router/routeContext.ts';

/** The common/config fetched before this navigation (null when it failed). */
export const useAppConfig = (): AppConfig | null => useRouteView().route.config;
