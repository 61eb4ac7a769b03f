import { startTransition, useEffect, useRef, useState } from 'react';
import { useChangedState } from './useChangedState.ts';
import { asApiFailure, type ApiFailure } from '../../http/failure.ts';

export type CallState<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; failure: ApiFailure };

/** One loading state for every call: a call mounts showing it, and the effect's write of it is then no change. */
const LOADING: CallState<never> = { status: 'loading' };

/**
 * Runs `run` whenever `key` changes (null: do not run) and keeps the latest answer.
 * An answer that arrives after the key changed or the screen left is dropped.
 */
export function useCall<T>(key: string | null, run: () => Promise<T>): { state: CallState<T> | null; reload: () => void } {
  const [state, setState] = useChangedState<CallState<T> | null>(() => (key === null ? null : LOADING));
  const [attempt, setAttempt] = useState(0);
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    if (key === null) {
      setState(null);
      return;
    }
    let live = true;
    setState(LOADING);
    runRef.current().then(
      // What an answer renders (a whole screen, often) is a transition: React renders it in slices a tap can
      // come between, instead of one long task on a slow phone.
      (data) => live && startTransition(() => setState({ status: 'ok', data })),
      (e: unknown) => live && setState({ status: 'error', failure: asApiFailure(e) }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt, setState]);
  return { state, reload: () => setAttempt((n) => n + 1) };
}
