// `npm run dev`: the API server (tsx watch, restarts on change) and the Vite dev server, which proxies /api
// to it (vite.config.ts). Prints both URLs; Ctrl-C stops both. If either exits, the other is stopped too.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const apiPort = process.env.PORT ?? '8080';
const vitePort = process.env.VITE_PORT ?? '5173';
const apiUrl = `http://127.0.0.1:${apiPort}`;
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

const children = [];
let stopping = false;

function run(name, command, args, env) {
  // Own process group, so stopping reaches tsx's and Vite's own children too.
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`\n[dev] ${name} exited (${signal ?? code}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) {
    if (c.exitCode === null && c.pid) {
      try {
        process.kill(-c.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  // Give both a moment to close their databases and sockets, then go.
  const left = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
  const deadline = Date.now() + 5000;
  const wait = setInterval(() => {
    if (left().length === 0 || Date.now() > deadline) {
      clearInterval(wait);
      for (const c of left()) if (c.pid) process.kill(-c.pid, 'SIGKILL');
      process.exit(code);
    }
  }, 100);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('API server', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: apiPort,
  DATA_DIR: process.env.DATA_DIR ?? './data',
});
run('Vite', bin('vite'), ['--port', vitePort, '--strictPort'], { API_TARGET: apiUrl });

// Say where things are once the API answers (its first start on empty data takes a few seconds).
for (let i = 0; i < 120 && !stopping; i++) {
  try {
    const res = await fetch(`${apiUrl}/api/common/config`, { method: 'POST', signal: AbortSignal.timeout(1000) });
    if (res.ok) break;
  } catch {
    // not up yet
  }
  await sleep(500);
}
if (!stopping) {
  console.log(`\n[dev] API server: ${apiUrl}/api  (tsx watch server/main.ts, DATA_DIR ${process.env.DATA_DIR ?? './data'})`);
  console.log(`[dev] App (Vite, proxies /api): http://localhost:${vitePort}/`);
  console.log('[dev] Ctrl-C stops both.\n');
}
