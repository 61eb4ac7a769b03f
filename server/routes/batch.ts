import type { Context, Hono } from 'hono';
import { api } from '../../src/contract/api.ts';
import type { BatchablePath } from '../../src/contract/batch.ts';
import type { Deps } from '../deps.ts';
import { route } from '../http/route.ts';

/** What a call carries over from the batch's own request: whose session, which language, which browser. */
const CARRIED_HEADERS = ['authorization', 'accept-language', 'user-agent', 'x-forwarded-for'] as const;

interface Call {
  readonly path: BatchablePath;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * The Node bindings a call runs with: the batch's socket (the client's address, as a proxy reports it), and the call's
 * own body where the route reads a request's bytes from (http/body.ts).
 */
function callEnv(c: Context, text: string) {
  const socket = (c.env as { incoming?: { socket?: unknown } } | undefined)?.incoming?.socket;
  const bytes = Buffer.from(text);
  return {
    incoming: {
      socket,
      headers: { 'content-length': String(bytes.byteLength) },
      async *[Symbol.asyncIterator]() {
        if (bytes.byteLength > 0) yield bytes;
      },
    },
  };
}

/** One call, through every check and handler its own request would meet: its status and JSON body. */
async function answerOf(app: Hono, c: Context, call: Call): Promise<{ path: BatchablePath; status: number; body: unknown }> {
  const { method } = api[call.path];
  const url = new URL(`/api/${call.path}`, c.req.url);
  const headers = new Headers();
  for (const name of CARRIED_HEADERS) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  let text = '';
  if (method === 'GET') url.search = new URLSearchParams(Object.entries(call.body).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
  else {
    text = JSON.stringify(call.body);
    headers.set('content-type', 'application/json');
  }
  // The body travels in the bindings, where a served request's is read from (http/body.ts), not in the Request too.
  const answer = await app.fetch(new Request(url, { method, headers }), callEnv(c, text));
  const body: unknown = await answer.json().catch(() => null);
  return { path: call.path, status: answer.status, body };
}

/**
 * `common/batch`: the first screen's reads in one request (the boot script's early calls), so a slow phone starts one
 * request where it started four. Each call goes through the app as its own request would; the answers come in the
 * order asked.
 */
export function batchRoutes(app: Hono, deps: Deps) {
  route(
    app,
    deps,
    'common/batch',
    async ({ body, hono }) => {
      // Side by side: the answer waits for the slowest call, not for all of them in a row.
      return { answers: await Promise.all(body.calls.map((call) => answerOf(app, hono, call))) };
    },
    { anonymous: true },
  );
}
