// Real server processes for the scale tests: instances of `server/main.ts` on one PostgreSQL database, each
// named in pg_stat_activity (PGAPPNAME) so a test can see which one holds a job's lock. Every process started
// here is killed when the test process exits, however it exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The repository root: the servers and the operator tool run from there, as `npm start` does. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Instance {
  /** Its application_name in pg_stat_activity. */
  readonly name: string;
  readonly base: string;
  readonly child: ChildProcess;
  /** Its DATA_DIR (the embedded database's, when started without a DATABASE_URL). */
  readonly dataDir: string;
  /** Every line it printed, stdout and stderr: leadership messages, and the story when a test fails. */
  readonly output: string[];
}

const alive = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

/** main.ts prints this once it listens and its services have started (or stand by). */
const READY = /Candlewick is running at https?:\/\/[^/]*:(\d+)\//;

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

const exited = (child: ChildProcess) =>
  new Promise<Exit>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

export interface InstancesOptions {
  /** The built app to serve (e.g. dist/); by default an empty folder, so the instances serve the API only. */
  readonly staticDir?: string;
  /** More settings for every instance (e.g. TRUST_PROXY behind a proxy), over the defaults here. */
  readonly env?: Readonly<Record<string, string>>;
}

export class Instances {
  private readonly dir = mkdtempSync(join(tmpdir(), 'cw-scale-'));
  /** Empty unless given: the instances serve the API only (a missing folder would make each one warn). */
  private readonly staticDir: string;
  private readonly env: Readonly<Record<string, string>>;
  private readonly started: Instance[] = [];
  private readonly killed = new Set<Instance>();

  constructor(
    private readonly databaseUrl: string,
    options: InstancesOptions = {},
  ) {
    this.staticDir = options.staticDir ?? join(this.dir, 'static');
    if (options.staticDir === undefined) mkdirSync(this.staticDir);
    this.env = options.env ?? {};
  }

  /** The instances not killed, in start order. */
  get live(): Instance[] {
    return this.started.filter((i) => !this.killed.has(i));
  }

  /**
   * Starts one and answers once it serves. The first on a fresh database migrates, seeds and backfills the market.
   * `port` 0 (the default) takes any free one; a proxy in front that lists the instances gives each its own.
   * `env` adds to or overrides its settings (and the group's); an empty databaseUrl runs it on the embedded
   * database in its DATA_DIR.
   */
  start(name: string, { port = 0, env = {} }: { readonly port?: number | undefined; readonly env?: Readonly<Record<string, string>> } = {}): Promise<Instance> {
    const dataDir = join(this.dir, name);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        PGAPPNAME: name,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Uploads and any file a server keeps stay out of the repository.
        STATIC_DIR: this.staticDir,
        DATA_DIR: dataDir,
        DEMO: 'true',
        MARKET_FEED: 'true',
        ...this.env,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    alive.add(child);
    child.once('exit', () => alive.delete(child));
    const output: string[] = [];
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null, signal: string | null) =>
        reject(new Error(`instance ${name} exited (${code ?? signal ?? '?'}) before it served:\n${output.slice(-30).join('\n')}`));
      child.once('exit', onExit);
      createInterface({ input: child.stderr }).on('line', (line) => output.push(line));
      createInterface({ input: child.stdout }).on('line', (line) => {
        output.push(line);
        const port = READY.exec(line)?.[1];
        if (port === undefined) return;
        child.off('exit', onExit);
        const instance = { name, base: `http://127.0.0.1:${port}`, child, dataDir, output };
        this.started.push(instance);
        resolve(instance);
      });
    });
  }

  /** SIGKILL: no shutdown runs, the process's connections close with it (and its advisory locks go). */
  async kill(instance: Instance): Promise<void> {
    this.killed.add(instance);
    instance.child.kill('SIGKILL');
    await exited(instance.child);
  }

  /** SIGTERM: the graceful stop (start.ts); answers how the process exited. */
  terminate(instance: Instance): Promise<Exit> {
    this.killed.add(instance);
    const done = exited(instance.child);
    instance.child.kill('SIGTERM');
    return done;
  }

  /** Stops every instance (SIGTERM, then SIGKILL for one that does not exit in 10 s) and removes the temp dir. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.started.map(async ({ child }) => {
        const done = exited(child);
        child.kill('SIGTERM');
        const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await done;
        clearTimeout(late);
      }),
    );
    for (const child of alive) child.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Runs the operator tool once on the database, as an operator would beside the running servers. */
export function operator(databaseUrl: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/operator/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PGAPPNAME: 'cw-operator', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  alive.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      alive.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface Answer {
  readonly status: number;
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
}

/** One API call as the app makes it (POST, JSON, the member's token if given). */
export async function call(base: string, path: string, body: unknown, token?: string): Promise<Answer> {
  const res = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: token }) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data?: unknown };
  return { status: res.status, code: answer.code, msg: answer.msg, data: answer.data };
}
