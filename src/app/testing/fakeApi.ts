/** A tiny fake of the API server for browser tests: answers by path and records every request. */
export interface Recorded {
  readonly path: string;
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: unknown;
}

export interface Reply {
  readonly status?: number;
  readonly body: unknown;
}

export type Handler = (req: Recorded) => Reply | Promise<Reply>;

export const ok = (data: unknown): Reply => ({ body: { code: 0, msg: '', data } });
export const fail = (status: number, code: number, msg: string, fields?: Record<string, string>): Reply => ({
  status,
  body: { code, msg, ...(fields ? { data: { fields } } : {}) },
});

export const config = {
  web_name: 'Candlewick Test',
  serverTime: 1_700_000_000_000,
  currency: 'USDT',
  defaultLang: 'en',
  langs: ['en', 'vn', 'zn'],
  minDeposit: '10.00',
  minWithdraw: '10.00',
  levelThresholds: [],
  supportHours: '24/7',
};

export const details = {
  id: 7,
  username: 'alice01',
  phone: '09123456789',
  inviteCode: 'ALICE7',
  level: 3,
  verified: true,
  hasPayPassword: false,
  registeredAt: 1_700_000_000_000,
  currency: 'USDT',
  balance: '12345678901234.56',
  available: '1000.50',
  frozen: '0.00',
};

/** user/balance_list agreeing with `details`, with no request under review. */
export const balances = { currency: details.currency, balance: details.balance, available: details.available, frozen: details.frozen, requests: [] };

export const notices = {
  items: [
    { id: 1, kind: 'notice', title: 'Welcome to the demo', body: 'Hello', createdAt: 1_700_000_000_000 },
    { id: 2, kind: 'help', title: 'How to deposit', body: 'Steps', createdAt: 1_700_000_000_000 },
  ],
};

/** Config, notices and details answer by default; tests override any path. */
export const defaultHandlers: Record<string, Handler> = {
  'common/config': () => ok(config),
  'common/notice': () => ok(notices),
  'user/details': () => ok(details),
  'user/balance_list': () => ok(balances),
  // Every tab screen polls this for the support badge (nothing unread by default).
  'support/messages': () => ok({ items: [], unread: 0, cursor: 0 }),
};

/** A request that has reached the fake server. For a held path it waits for `respond()` or `release()`. */
export interface Arrived extends Recorded {
  /** Answers a held request with this reply (a no-op once answered). */
  respond(reply: Reply): void;
  /** Answers a held request with the path's normal handler (a no-op once answered). */
  release(): void;
}

export interface FakeApiOptions {
  /** Paths whose requests wait until the test answers them: `(await api.nextRequest(path)).respond(ok(…))`. */
  readonly hold?: readonly string[];
}

/**
 * The fake API server of browser tests. A test never races the code under test: it waits for the request it
 * depends on to arrive (`nextRequest`, `request`), and a held path answers only when the test says so.
 *
 * @example
 * const { api, screen } = await renderApp('/reg', {}, { hold: ['user/register'] });
 * await submit.click();
 * const register = await api.nextRequest('user/register'); // it has arrived: the form is pending now
 * await expect.element(submit).toBeDisabled();
 * register.respond(ok({ accessToken: 't', expiresAt: 1 }));
 */
export function fakeApi(overrides: Record<string, Handler> = {}, options: FakeApiOptions = {}) {
  const handlers = { ...defaultHandlers, ...overrides };
  const held = new Set(options.hold ?? []);
  const requests: Arrived[] = [];
  /** Per path, how many requests nextRequest has handed out so far. */
  const handedOut = new Map<string, number>();
  const waiters: { readonly path: string; readonly n: number; readonly resolve: (r: Arrived) => void }[] = [];

  const nth = (path: string, n: number): Arrived | undefined => requests.filter((r) => r.path === path)[n - 1];
  /** Waits until the n-th request (1-based) to `path` has arrived, whether before or after this call. */
  const request = (path: string, n: number): Promise<Arrived> => {
    const found = nth(path, n);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => waiters.push({ path, n, resolve }));
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = req.method === 'GET' ? '' : await req.text();
    const path = url.pathname.replace(/^\/api\//, '');
    const handler = handlers[path];
    let answer: (reply: Reply | Promise<Reply>) => void = () => undefined;
    const replied = new Promise<Reply>((resolve) => (answer = resolve));
    let answered = false;
    const once = (reply: () => Reply | Promise<Reply>) => {
      if (answered) return;
      answered = true;
      answer(reply());
    };
    const normal = (): Reply | Promise<Reply> => (handler ? handler(rec) : fail(404, 4040, 'error.not_found'));
    const rec: Arrived = {
      path,
      method: req.method,
      url,
      headers: req.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      respond: (reply) => once(() => reply),
      release: () => once(normal),
    };
    requests.push(rec);
    const count = requests.filter((r) => r.path === path).length;
    for (const w of waiters.filter((x) => x.path === path && x.n === count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(rec);
    }
    if (!held.has(path)) rec.release();
    const reply = await replied;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return {
    fetch,
    requests: requests as readonly Recorded[],
    count: (path: string) => requests.filter((r) => r.path === path).length,
    last: (path: string) => requests.filter((r) => r.path === path).at(-1),
    request,
    /** The first request to `path` not yet handed out by nextRequest: resolves when it has arrived. */
    nextRequest(path: string): Promise<Arrived> {
      const n = (handedOut.get(path) ?? 0) + 1;
      handedOut.set(path, n);
      return request(path, n);
    },
    /** From now on, requests to `path` wait for the test to answer them. */
    hold(path: string): void {
      held.add(path);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
