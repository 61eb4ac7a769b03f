import { useAtomValue } from 'jotai';
import { useApi } from '../../app/apiContext.ts';
import { useCall } from '../../hooks/useCall.ts';
import { tokenAtom } from '../../state/session.ts';

/** product/details (cycles, fee, limits, decimals) once per product; the live figures come from the worker. */
export function useProductDetails(id: number | null) {
  const client = useApi();
  const token = useAtomValue(tokenAtom);
  return useCall(id !== null && token ? `product:${id}` : null, () => client.call('product/details', { id: id ?? 0 }).then((r) => r.data));
}
