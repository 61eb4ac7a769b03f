import { useSearchParams } from '../../router/navigation.tsx';

/** The `?id=` of /xq and /trade: a positive integer, or null. */
export function useProductId(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
