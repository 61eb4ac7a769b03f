import { useAtomValue } from '../state/atomHooks.ts';
import { useApi } from '../api/apiContext.ts';
import type { ApiClient } from '../api/client.ts';
import { useCall } from '../hooks/useCall.ts';
import { tokenAtom } from '../state/session.ts';

/** A load that needs a session: nothing is called without a token (it would only 401). */
export function useMemberCall<T>(name: string, run: (client: ApiClient) => Promise<T>) {
  const token = useAtomValue(tokenAtom);
  const client = useApi();
  return { token, ...useCall(token ? `${name}:${token}` : null, () => run(client)) };
}
