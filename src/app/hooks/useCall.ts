import { startTransition, useEffect, useRef, useState } from 'react';
import { asApiFailure, type ApiFailure } from '../../http/failure.ts';

export type CallState<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; failure: ApiFailure };

/** One loading state for every call, so the effect can tell it already shows. */
const LOADING: CallState<never> = { status: 'loading' };

/**
 * Runs `run` whenever `key` changes (null: do not run) and keeps the latest answer.
 * An answer that arrives after the key changed or the screen left is dropped.
 */
export function useCall<T>(key: string | null, run: () => Promise<T>): { state: CallState<T> | null; reload: () => void } {
  const [state, setState] = useState<CallState<T> | null>(() => (key === null ? null : LOADING));
  const [attempt, setAttempt] = useState(0);
  const runRef = useRef(run);
  /** What the last render showed: the effect writes only a change. */
  const shown = useRef(state);
  useEffect(() => {
    runRef.current = run;
    shown.current = state;
  });
  useEffect(() => {
    // A write of the value a hook already holds is not free: React skips its render only then, keeps the update
    // queued, and renders the caller once more, for nothing, after the answer's transition.
    if (key === null) {
      if (shown.current !== null) setState(null);
      return;
    }
    let live = true;
    if (shown.current !== LOADING) setState(LOADING);
    runRef.current().then(
      // What an answer renders (a whole screen, often) is a transition: React renders it in slices a tap can
      // come between, instead of one long task on a slow phone.
      (data) => live && startTransition(() => setState({ status: 'ok', data })),
      (e: unknown) => live && setState({ status: 'error', failure: asApiFailure(e) }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  return { state, reload: () => setAttempt((n) => n + 1) };
}
