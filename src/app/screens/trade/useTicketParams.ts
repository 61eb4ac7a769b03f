import { useLocation, useNavigate, useSearchParams } from '../../router/navigation.tsx';
import type { Direction, ProductDetails } from '../../../contract/market.ts';

/** The URL parameters that keep a ticket's choices across a login (and a reload). */
export const TICKET_PARAMS = { sheet: 'sheet', direction: 'dir', cycle: 'cycle' } as const;

const directionOf = (raw: string | null): Direction | null => (raw === 'rise' || raw === 'fall' ? raw : null);

/** History state of the entry that opening the sheet pushed: Back closes the sheet instead of leaving /xq. */
const OPENED = 'ticket-opened';

/**
 * The ticket's direction and cycle, kept in the URL: a visitor who logs in from the ticket comes back to the
 * same product, direction and cycle. `param` is where the direction lives: `sheet` on /xq (its presence opens
 * the sheet), `dir` on /trade. Opening the sheet pushes one history entry, so the phone's Back closes it;
 * every other choice replaces the entry.
 */
export function useTicketParams(product: ProductDetails, param: 'sheet' | 'dir') {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const direction = directionOf(params.get(param));
  const wanted = Number(params.get(TICKET_PARAMS.cycle));
  const cycle = product.cycles.find((c) => c.seconds === wanted)?.seconds ?? product.cycles[0]?.seconds ?? null;
  const update = (changes: Record<string, string | null>, push = false): void =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      push ? { state: OPENED } : { replace: true, state: location.state as unknown },
    );
  return {
    /** Null: on /xq, the sheet is closed. */
    direction,
    cycle,
    setDirection: (d: Direction | null) => {
      // Closing what this screen opened goes back to the entry before it (so Back never reopens the sheet).
      if (d === null && location.state === OPENED) {
        void navigate(-1);
        return;
      }
      update({ [param]: d, [TICKET_PARAMS.cycle]: d === null || cycle === null ? null : String(cycle) }, param === 'sheet' && direction === null && d !== null);
    },
    setCycle: (seconds: number) => update({ [TICKET_PARAMS.cycle]: String(seconds) }),
  };
}
