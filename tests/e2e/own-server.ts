import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** main.ts prints this once it listens, its services started. */
const READY = /Candlewick is running at https?:\/\/[^/]*:(\d+)\//;

/**
 * A server of a test's own (the shared one must not restart under the other specs): the real `server/main.ts` on a
 * fresh DATA_DIR, serving the built app, which the test may stop and start again on the same data and port.
 */
export class OwnServer {
  private readonly dir = mkdtempSync(join(tmpdir(), 'candlewick-own-'));
  private child: ChildProcess | null = null;
  private port = 0;
  readonly output: string[] = [];

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it (the first time on any free port, later on the same one) and resolves once it serves. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dir, STATIC_DIR: 'dist' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const lines = createInterface({ input: child.stdout });
    if (child.stderr) createInterface({ input: child.stderr }).on('line', (l) => this.output.push(l));
    await new Promise<void>((ready, failed) => {
      child.once('exit', (code) => failed(new Error(`the server exited (${code}) before it served:\n${this.output.join('\n')}`)));
      lines.on('line', (line) => {
        this.output.push(line);
        const m = READY.exec(line);
        if (m) {
          this.port = Number(m[1]);
          ready();
        }
      });
    });
  }

  /** A graceful stop (SIGTERM), resolved once the process has exited. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((exited) => {
      child.once('exit', () => exited());
      child.kill('SIGTERM');
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
