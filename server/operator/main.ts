import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { makeDeps, openDatabase } from '../start.ts';
import { commands } from './commands.ts';
import { operatorFile } from './endpoint.ts';
import { UsageError } from './registry.ts';

/** The operator tool: reviews, replies and balance adjustments on the same database as the server. */
function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  return [
    'Usage: npm run operator -- <command> [arguments]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.usage}\n  ${' '.repeat(width)}  ${c.help}`),
    '',
    'Works on DATA_DIR (embedded PGlite, default ./data) or DATABASE_URL, like the server.',
    'With the embedded database, stop the server first: PGlite allows one process at a time.',
  ].join('\n');
}

const [name, ...args] = process.argv.slice(2);
if (args[0] === '--') args.shift();
const command = commands.find((c) => c.name === name);
if (!name || name === 'help' || name === '--help' || !command) {
  if (name && name !== 'help' && name !== '--help') console.error(`Unknown command: ${name}\n`);
  console.log(help());
  process.exit(name && !command && name !== 'help' && name !== '--help' ? 2 : 0);
}
const config = loadConfig();
const usage = `Usage: npm run operator -- ${command.name} ${command.usage}`;
const remote = config.DATABASE_URL ? null : await runningServer(resolve(config.DATA_DIR));
let code = 0;
if (remote) {
  // The server holds the embedded database; it runs the command for us.
  const res = await fetch(`${remote.url}/internal/operator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-secret': remote.secret },
    body: JSON.stringify({ name: command.name, args }),
  });
  const out = (await res.json()) as { ok: boolean; output?: string; error?: string; usage?: boolean };
  if (out.ok) console.log(out.output);
  else {
    code = out.usage ? 2 : 1;
    console.error(out.usage ? `${out.error}\n${usage}` : `Error: ${out.error}`);
  }
} else {
  const database = await openDatabase(config);
  try {
    await migrate(database);
    console.log(await command.run(makeDeps(database, config), args));
  } catch (e) {
    code = e instanceof UsageError ? 2 : 1;
    console.error(e instanceof UsageError ? `${e.message}\n${usage}` : `Error: ${(e as Error).message}`);
  } finally {
    await database.close();
  }
}
process.exit(code);

/** The running server's operator endpoint, if DATA_DIR has one that answers. */
async function runningServer(dataDir: string): Promise<{ url: string; secret: string } | null> {
  try {
    const info = JSON.parse(readFileSync(operatorFile(dataDir), 'utf8')) as { url: string; secret: string };
    await fetch(`${info.url}/api/common/config`, { method: 'POST', signal: AbortSignal.timeout(2000) });
    return info;
  } catch {
    return null;
  }
}
