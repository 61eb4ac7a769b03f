import { useRouteLoaderData } from 'react-router-dom';
import type { AppConfig } from '../../contract/common.ts';
import { ROOT_ROUTE_ID } from '../router/routeIds.ts';

/** The common/config the root loader fetched before this navigation (null when it failed). */
export const useAppConfig = (): AppConfig | null => (useRouteLoaderData(ROOT_ROUTE_ID) as AppConfig | null | undefined) ?? null;
