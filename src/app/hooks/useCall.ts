import { startTransition, useEffect, useRef, useState } from 'react';
import { useChangedState } from './useChangedState.ts';
import { asApiFailure, type ApiFailure } from '../../http/failure.ts';

export type CallState<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; failure: ApiFailure };

/** One loading state for every call: a call mounts showing it, and the effect's write of it is then no change. */
const LOADING: CallState<never> = { status: 'loading' };

/** Two answers with the very same data are no change (an answer shown at once, then taken by its call). */
const sameState = <T>(a: CallState<T> | null, b: CallState<T> | null): boolean =>
  a === b || (a?.status === 'ok' && b?.status === 'ok' && Object.is(a.data, b.data));

/**
 * Runs `run` whenever `key` changes (null: do not run) and keeps the latest answer.
 * An answer that arrives after the key changed or the screen left is dropped.
 * `answered` gives the first key's answer if it is already here (an early answer, `client.peek`): the first render
 * shows it instead of loading, and the call still runs, so when `run` resolves with the same data nothing renders.
 */
export function useCall<T>(key: string | null, run: () => Promise<T>, answered?: () => T | undefined): { state: CallState<T> | null; reload: () => void } {
  const [state, setState] = useChangedState<CallState<T> | null>(() => {
    if (key === null) return null;
    const data = answered?.();
    return data === undefined ? LOADING : { status: 'ok', data };
  }, sameState);
  /** The key whose answer the first render showed: its first run keeps it on screen rather than loading. */
  const shownAtOnce = useRef(state?.status === 'ok' ? key : null);
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
    if (shownAtOnce.current === key) shownAtOnce.current = null;
    else setState(LOADING);
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
