import { loadConfig } from './config.ts';
import { DEMO } from './seed.ts';
import { startServer } from './start.ts';

const config = loadConfig();
const running = await startServer(config);
const where = config.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL (PGlite) in ${config.DATA_DIR}`;
console.log(`Candlewick is running at ${running.url} on ${where}.`);
if (running.seeded && config.DEMO) console.log(`First start (DEMO=true): seeded demo member "${DEMO.username}" / "${DEMO.password}" and invitation code ${DEMO.inviteCode}.`);
if (running.seeded && !config.DEMO) {
  console.log('First start without the demo: set where members deposit (`npm run operator -- recharge-set <key> <value>`) and create the first invitation code (`npm run operator -- invite-create`).');
}

// A graceful stop (start.ts): answers in flight finish, then the process exits 0. A second signal (an impatient
// Ctrl-C, a supervisor repeating itself) does not cut them short: the grace period bounds the wait anyway.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      console.log(`[shutdown] ${signal} again: still draining, requests in flight finish first (at most ${config.SHUTDOWN_GRACE_MS} ms)`);
      return;
    }
    stopping = true;
    console.log(`[shutdown] ${signal}: draining (readyz 503, no new connections, requests in flight get ${config.SHUTDOWN_GRACE_MS} ms)`);
    // Should a job or the database hang its stop, the process still ends, a little after the grace period.
    setTimeout(() => {
      console.error('[shutdown] the stop did not finish in time; exiting anyway');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + 5_000).unref();
    void running.stop().then(
      () => {
        console.log('[shutdown] stopped');
        process.exit(0);
      },
      (e: unknown) => {
        console.error('[shutdown] the stop failed', e);
        process.exit(1);
      },
    );
  });
}
