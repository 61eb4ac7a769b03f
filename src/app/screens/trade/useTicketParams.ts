import { useSearchParams } from 'react-router-dom';
import type { Direction, ProductDetails } from '../../../contract/market.ts';

/** The URL parameters that keep a ticket's choices across a login (and a reload). */
export const TICKET_PARAMS = { sheet: 'sheet', direction: 'dir', cycle: 'cycle' } as const;

const directionOf = (raw: string | null): Direction | null => (raw === 'rise' || raw === 'fall' ? raw : null);

/**
 * The ticket's direction and cycle, kept in the URL (replaced, not pushed): a visitor who logs in from the
 * ticket comes back to the same product, direction and cycle. `param` is where the direction lives: `sheet`
 * on /xq (its presence opens the sheet), `dir` on /trade.
 */
export function useTicketParams(product: ProductDetails, param: 'sheet' | 'dir') {
  const [params, setParams] = useSearchParams();
  const direction = directionOf(params.get(param));
  const wanted = Number(params.get(TICKET_PARAMS.cycle));
  const cycle = product.cycles.find((c) => c.seconds === wanted)?.seconds ?? product.cycles[0]?.seconds ?? null;
  const update = (changes: Record<string, string | null>): void =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return {
    /** Null: on /xq, the sheet is closed. */
    direction,
    cycle,
    setDirection: (d: Direction | null) => update({ [param]: d, [TICKET_PARAMS.cycle]: d === null || cycle === null ? null : String(cycle) }),
    setCycle: (seconds: number) => update({ [TICKET_PARAMS.cycle]: String(seconds) }),
  };
}
