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
  // Every tab screen polls this for the support badge (nothing unread by default).
  'support/messages': () => ok({ items: [], unread: 0, cursor: 0 }),
};

export function fakeApi(overrides: Record<string, Handler> = {}) {
  const handlers = { ...defaultHandlers, ...overrides };
  const requests: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = req.method === 'GET' ? '' : await req.text();
    const rec: Recorded = {
      path: url.pathname.replace(/^\/api\//, ''),
      method: req.method,
      url,
      headers: req.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(rec);
    const handler = handlers[rec.path];
    const reply = handler ? await handler(rec) : fail(404, 4040, 'error.not_found');
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return {
    fetch,
    requests,
    count: (path: string) => requests.filter((r) => r.path === path).length,
    last: (path: string) => requests.filter((r) => r.path === path).at(-1),
  };
}
