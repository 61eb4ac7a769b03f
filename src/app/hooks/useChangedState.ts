import { useCallback, useRef, useState } from 'react';

/**
 * useState whose setter writes only a change: a value `same` as the last one written is dropped before it reaches
 * React. A write of the value a hook already holds is not free: React skips that render, but keeps the update
 * queued, and renders the component once more, for nothing, after the next transition that touches it (on a cold
 * first screen, one empty commit per such hook). Every write must go through this setter, as a value; `same` must be
 * stable (a module-level function). The third item reads the last value written, for a write that builds on it.
 */
export function useChangedState<T>(initial: T | (() => T), same: (a: T, b: T) => boolean = Object.is): [T, (next: T) => void, () => T] {
  const [state, setState] = useState(initial);
  /** The last value written, which the queued updates end in, whatever lane each went in. */
  const written = useRef(state);
  const write = useCallback(
    (next: T) => {
      if (same(written.current, next)) return;
      written.current = next;
      setState(() => next);
    },
    [same],
  );
  const latest = useCallback(() => written.current, []);
  return [state, write, latest];
}
