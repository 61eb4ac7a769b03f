// nginx in front of the scale tests' instances, as deploy/nginx/ configures it in production: the template rendered
// by deploy/nginx/render.sh, inside a small main config of its own (pid, logs, temp and cache paths in a temp
// folder, high ports on 127.0.0.1), so it runs beside anything else on the machine, as root or not.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TEMPLATE = join(ROOT, 'deploy/nginx/candlewick.conf.template');
const RENDER = join(ROOT, 'deploy/nginx/render.sh');
/** Debian's brotli_static module (libnginx-mod-http-brotli-static); Debian's own nginx.conf loads it from modules-enabled. */
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A port free on 127.0.0.1 right now (nginx's config needs its ports before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One line of the access log (log_format candlewick): what nginx did with one request. */
export interface AccessLine {
  readonly msec: number;
  readonly id: string;
  readonly method: string;
  readonly uri: string;
  readonly proto: string;
  readonly status: number;
  /** The instance(s) asked, empty when nginx answered itself (from disk, from its cache, or refused). */
  readonly upstream: string;
  /** Each instance's status in turn (`502, 200`: the first failed under it, the next answered). */
  readonly upstream_status: string;
  readonly cache: string;
  /** The instance's own X-Server-Time of its answer, when one answered. */
  readonly server_time: string;
  readonly encoding: string;
}

export interface Nginx {
  readonly httpsOrigin: string;
  readonly httpOrigin: string;
  /** The self-signed certificate nginx presents, for the clients' `ca`. */
  readonly ca: Buffer;
  /** The master's process id (a benchmark counts its and its workers' CPU). */
  readonly pid: number;
  /** The access log so far, one entry per finished request. */
  lines(): AccessLine[];
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** host:port of each instance, as the upstream lists them. */
  readonly upstreams: readonly string[];
  /** The built app's folder (dist/). */
  readonly staticRoot: string;
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'cw-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the cache and temp folders made in here.
  chmodSync(dir, 0o755);
  for (const sub of ['tmp', 'acme']) mkdirSync(join(dir, sub));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const httpsOrigin = `https://127.0.0.1:${httpsPort}`;
  const accessLog = join(dir, 'access.log');
  const rendered = spawnSync('bash', [RENDER], {
    encoding: 'utf8',
    env: {
      ...process.env,
      CW_UPSTREAMS: options.upstreams.join(' '),
      CW_SERVER_NAME: '127.0.0.1',
      CW_PUBLIC_ORIGIN: httpsOrigin,
      CW_TLS_CERT: cert,
      CW_TLS_KEY: key,
      CW_STATIC_ROOT: options.staticRoot,
      CW_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      CW_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      CW_CACHE_DIR: join(dir, 'cache'),
      CW_ACCESS_LOG: accessLog,
      CW_ACME_ROOT: join(dir, 'acme'),
    },
  });
  if (rendered.status !== 0) throw new Error(`render.sh failed: ${rendered.stderr}`);
  writeFileSync(join(dir, 'candlewick.conf'), rendered.stdout);
  const tmp = join(dir, 'tmp');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      `load_module ${BROTLI_STATIC};`,
      // One worker: the machine's two cores are shared with the instances and the test's own clients.
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  client_body_temp_path ${tmp}/body; proxy_temp_path ${tmp}/proxy; fastcgi_temp_path ${tmp}/fastcgi;`,
      `  uwsgi_temp_path ${tmp}/uwsgi; scgi_temp_path ${tmp}/scgi;`,
      `  include ${join(dir, 'candlewick.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const output: string[] = [];
  // -e: the error log before the config is read is ours too (the default /var/log/nginx may not be writable).
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
    running.delete(child);
  });
  // The master writes its pid file after it has opened the listening sockets: from then on it accepts. A plain
  // poll, not vitest's waitFor, so benchmarks outside the test runner start nginx the same way.
  const deadline = performance.now() + 15_000;
  while (!existsSync(join(dir, 'nginx.pid'))) {
    if (gone || performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(gone ? `nginx exited at start: ${output.join('')}\n${readIf(join(dir, 'error.log'))}` : 'nginx did not start listening in 15 s');
    }
    await pause(20);
  }
  return {
    httpsOrigin,
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    ca: readFileSync(cert),
    pid: child.pid ?? 0,
    lines: () =>
      readIf(accessLog)
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as AccessLine),
    async stop() {
      // SIGTERM: nginx's fast stop (SIGQUIT would wait for every client connection a failed test left open).
      if (!gone) child.kill('SIGTERM');
      await exited;
      // KEEP_NGINX=1 keeps its config, logs and error log, to read after a failure.
      if (process.env['KEEP_NGINX'] === '1') console.log(`nginx folder kept: ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

const readIf = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');
