import { atom } from 'jotai';

/**
 * What the reality check (results/RealityCheck.tsx) follows in this app session: the orders placed (it starts
 * with the first, so a visit without trading loads none of it) and changes of the member's limits.
 */
export const realityCheckAtom = atom({ placed: 0, limitsChanged: 0 });

/** An order was placed: the reality check starts, or checks again. */
export const noteOrderPlacedAtom = atom(null, (get, set) => set(realityCheckAtom, { ...get(realityCheckAtom), placed: get(realityCheckAtom).placed + 1 }));
/** The member changed their limits (the reality check's interval among them). */
export const noteLimitsChangedAtom = atom(null, (get, set) =>
  set(realityCheckAtom, { ...get(realityCheckAtom), limitsChanged: get(realityCheckAtom).limitsChanged + 1 }),
);
