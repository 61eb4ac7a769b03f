import { createContext, useContext } from 'react';
import type { ApiClient } from './client.ts';

export const ApiContext = createContext<ApiClient | null>(null);

/** The app's API client; tests give the app one with an injected fetch. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside <AppRoot>');
  return client;
}
