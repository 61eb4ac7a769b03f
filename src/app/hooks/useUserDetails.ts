import { useApi } from '../api/apiContext.ts';
import { useCall } from './useCall.ts';

/** user/details for the signed-in member; nothing is called without a token (it would only 401). */
export function useUserDetails(token: string | null) {
  const client = useApi();
  return useCall(token ? `details:${token}` : null, () => client.call('user/details').then((r) => r.data), () => client.peek('user/details')?.data);
}
