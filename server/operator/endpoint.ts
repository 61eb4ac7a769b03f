import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { normalizeIp } from '../config.ts';
import type { Deps } from '../deps.ts';
import { commands } from './commands.ts';
import { UsageError } from './registry.ts';

/**
 * PGlite allows one process per data directory, so while the server runs, the operator tool hands its
 * command to the server over loopback, authenticated by a secret in DATA_DIR/operator.json (mode 0600).
 */
export const operatorFile = (dataDir: string) => join(dataDir, 'operator.json');

const LOOPBACK = new Set(['127.0.0.1', '::1']);
/** Headers a reverse proxy adds: the operator tool never sends them, a proxy on this machine does. */
const PROXIED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the request comes straight from this machine: by the socket's peer address (never X-Forwarded-For, which
 * a caller writes), and not through a proxy on this machine, whose own socket is on loopback too.
 */
export function fromLoopback(c: Context): boolean {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = env?.incoming?.socket?.remoteAddress;
  return peer !== undefined && LOOPBACK.has(normalizeIp(peer)) && PROXIED.every((h) => c.req.header(h) === undefined);
}

export function operatorEndpoint(app: Hono, deps: Deps): { secret: string } {
  const secret = randomBytes(32).toString('hex');
  app.post('/internal/operator', async (c) => {
    // From anywhere else the path does not exist: nothing to find, nothing to guess the secret against.
    if (!fromLoopback(c)) return c.notFound();
    const given = Buffer.from(c.req.header('x-operator-secret') ?? '');
    const want = Buffer.from(secret);
    if (given.length !== want.length || !timingSafeEqual(given, want)) return c.json({ ok: false, error: 'forbidden' }, 403);
    const { name, args } = (await c.req.json()) as { name?: string; args?: string[] };
    const command = commands.find((x) => x.name === name);
    if (!command || !Array.isArray(args)) return c.json({ ok: false, error: `Unknown command: ${String(name)}` }, 400);
    try {
      return c.json({ ok: true, output: await command.run(deps, args) });
    } catch (e) {
      return c.json({ ok: false, usage: e instanceof UsageError, error: (e as Error).message }, 400);
    }
  });
  return { secret };
}

export function publishOperator(dataDir: string, url: string, secret: string): () => void {
  const file = operatorFile(dataDir);
  writeFileSync(file, JSON.stringify({ url, secret, pid: process.pid }), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}
