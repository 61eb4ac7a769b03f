import { useApi } from '../../api/apiContext.ts';
import { useCall } from '../../hooks/useCall.ts';

/** product/details (cycles, fee, limits, decimals) once per product, public; the live figures come from the worker. */
export function useProductDetails(id: number | null) {
  const client = useApi();
  return useCall(id !== null ? `product:${id}` : null, () => client.call('product/details', { id: id ?? 0 }).then((r) => r.data));
}
