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

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void running.stop().then(() => process.exit(0));
  });
}
