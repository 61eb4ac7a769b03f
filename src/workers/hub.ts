import {
  asyncScheduler,
  BehaviorSubject,
  concat,
  defer,
  distinctUntilChanged,
  filter,
  map,
  merge,
  NEVER,
  type Observable,
  of,
  type SchedulerLike,
  Subject,
} from 'rxjs';
import type { ErrorKey } from '../contract/errors.ts';
import type { ClockSample } from '../streams/inputs.ts';
import { estimateClockOffset } from '../streams/estimate-clock-offset.ts';
import type { ClockEstimate, PollState } from '../streams/messages.ts';
import { poll, type PollRequest } from '../streams/poll.ts';
import { shareByKey } from '../streams/share-by-key.ts';
import type { Session } from './messages.ts';
import { PERIOD_MS, type Periods } from './periods.ts';
import { shareWithSnapshot, type SnapshotState } from './share-with-snapshot.ts';
import { createLive, type LiveTiming } from './live.ts';
import { createTransport, type Post } from './transport.ts';

export interface HubDeps {
  readonly fetch: typeof fetch;
  readonly scheduler?: SchedulerLike;
  /** Uniform 0..1 for the backoff jitter. */
  readonly random?: () => number;
  /** Shorter periods for tests. */
  readonly periods?: Partial<Periods>;
  /** Shorter live-stream timings for tests. */
  readonly live?: Partial<LiveTiming>;
}

export interface PollSpec<T> {
  readonly periodMs: number;
  /** The wait after this answer instead of `periodMs` (see `restPeriodMs`). */
  readonly nextPeriodMs?: (value: T) => number;
  readonly request: PollRequest<T>;
  /** Extra "ask again now" triggers besides a session change (e.g. an order fell due). */
  readonly refresh$?: Observable<unknown>;
}

/**
 * What every stream of the worker shares: the session (headers), page visibility, the server clock, the
 * 401 handler, and the registry that keeps one poll per endpoint + params.
 */
export function createHub(deps: HubDeps) {
  const scheduler = deps.scheduler ?? asyncScheduler;
  const session$ = new BehaviorSubject<Session>({ apiBase: '/api', token: null, lang: 'en' });
  const visible$ = new BehaviorSubject<boolean>(true);
  const sessionChanged$ = new Subject<void>();
  /** The member pulled to refresh: every running poll asks again now. */
  const refreshNow$ = new Subject<void>();
  const accountChanged$ = new Subject<void>();
  const samples$ = new Subject<ClockSample>();
  const clock$ = new BehaviorSubject<ClockEstimate | null>(null);
  samples$.pipe(estimateClockOffset()).subscribe(clock$);

  let unauthorized: ((reason: ErrorKey) => void) | null = null;
  /** One redirect per token: the polls keep failing with it until the app signs in again. */
  let reportedToken: string | null | undefined;

  const post: Post = createTransport({
    fetch: deps.fetch,
    session: () => session$.value,
    now: () => scheduler.now(),
    onSample: (sample) => samples$.next(sample),
    onUnauthorized: (sentWith, failure) => {
      // A request sent without a token (a member-only poll that started before the page's session arrived) says
      // nothing about a session (one sent with a token since replaced is not reported at all).
      if (sentWith === null || reportedToken === sentWith) return;
      reportedToken = sentWith;
      try {
        const result: unknown = unauthorized?.(failure.msg);
        if (result instanceof Promise) result.catch(() => undefined);
      } catch {
        // The page is gone.
      }
    },
  });

  const polls = shareByKey<PollState<unknown>>();
  const live = createLive({
    fetch: deps.fetch,
    apiBase: () => session$.value.apiBase,
    visible$: visible$.pipe(distinctUntilChanged()),
    scheduler,
    ...(deps.random ? { random: deps.random } : {}),
    ...(deps.live ? { timing: deps.live } : {}),
  });
  const derived = new Map<string, Observable<unknown>>();
  /**
   * The last snapshot of a few streams nobody watches any more (a chart interval, a tab switched away from),
   * so switching back paints what was loaded at once while the fresh data is fetched.
   */
  const idle = new Map<string, unknown>();
  accountChanged$.subscribe(() => idle.clear());

  return {
    scheduler,
    periods: { ...PERIOD_MS, ...deps.periods },
    post,
    /** The one live market stream (trades and quotes as they happen), with the polls as its fallback. */
    live,
    /** A new token or API base: another member or server, so whatever was fetched for the old one is void. */
    accountChanged$: accountChanged$.asObservable(),
    visible$: visible$.pipe(distinctUntilChanged()),
    /** serverNow − workerNow, once the first answer has come back. */
    offset$: clock$.pipe(
      filter((e): e is ClockEstimate => e !== null),
      map((e) => e.offsetMs),
      distinctUntilChanged(),
    ),
    /** The server clock now, as last estimated (the worker's own clock until the first answer). */
    serverNow: (): number => scheduler.now() + (clock$.value?.offsetMs ?? 0),
    setSession(next: Session): void {
      const before = session$.value;
      session$.next(next);
      if (before.token !== next.token) reportedToken = undefined;
      if (before.token !== next.token || before.apiBase !== next.apiBase) accountChanged$.next();
      if (before.token !== next.token || before.lang !== next.lang || before.apiBase !== next.apiBase) sessionChanged$.next();
    },
    setVisible(visible: boolean): void {
      visible$.next(visible);
    },
    refreshNow(): void {
      refreshNow$.next();
    },
    onUnauthorized(handler: ((reason: ErrorKey) => void) | null): void {
      unauthorized = handler;
    },
    /** One shared poll per key; a session change asks every poll again at once. */
    poll<T>(key: string, spec: PollSpec<T>): Observable<PollState<T>> {
      const create = (): Observable<PollState<unknown>> =>
        poll<T>(spec.request, {
          periodMs: spec.periodMs,
          ...(spec.nextPeriodMs ? { nextPeriodMs: spec.nextPeriodMs } : {}),
          visible$: visible$.pipe(distinctUntilChanged()),
          refresh$: merge(sessionChanged$, refreshNow$, spec.refresh$ ?? NEVER),
          scheduler,
          ...(deps.random ? { random: deps.random } : {}),
        });
      // The registry is keyed by endpoint + params, so a key always holds the same T.
      return polls(key, create) as Observable<PollState<T>>;
    },
    /** One shared stream of poll-like states per key that is not a poll of its own (a product's live turnover). */
    shared<T>(key: string, create: () => Observable<PollState<T>>): Observable<PollState<T>> {
      // The registry is keyed by kind + params, so a key always holds the same T.
      return polls(key, create) as Observable<PollState<T>>;
    },
    /**
     * One shared delta stream per key (a chart's candles, a list's diffs): a late subscriber starts from a
     * snapshot. The source is built when the first subscriber comes, so it rides the current polls.
     */
    derived<D>(key: string, source: () => Observable<D>, state: () => SnapshotState<D>): Observable<D> {
      const existing = derived.get(key);
      // The registry is keyed by stream kind + params, so a key always holds the same D.
      if (existing) return existing as Observable<D>;
      const warmSource = (): Observable<D> => {
        // The registry is keyed by stream kind + params, so a key's snapshot is a D.
        const warm = idle.get(key) as D | undefined;
        idle.delete(key);
        return warm === undefined ? source() : concat(of(warm), source());
      };
      const shared: Observable<D> = shareWithSnapshot(defer(warmSource), state, (last) => {
        if (derived.get(key) === shared) derived.delete(key);
        if (last === null) return;
        idle.set(key, last);
        for (const oldest of idle.keys()) {
          if (idle.size <= IDLE_SNAPSHOTS) break;
          idle.delete(oldest);
        }
      });
      derived.set(key, shared);
      return shared;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;

/** Snapshots kept for streams nobody watches (a few chart intervals and lists). */
const IDLE_SNAPSHOTS = 6;

/** The values of a poll's successful answers. */
export const dataOf = <T>(poll$: Observable<PollState<T>>): Observable<T> =>
  poll$.pipe(
    filter((s): s is Extract<PollState<T>, { kind: 'data' }> => s.kind === 'data'),
    map((s) => s.value),
  );
