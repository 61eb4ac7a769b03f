import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { makeDeps, openDatabase } from '../make-deps.ts';
import { commands } from './commands.ts';
import { operatorFile } from './endpoint.ts';
import { UsageError } from './registry.ts';
import { forTerminal } from './terminal.ts';
import { DirLockedError, lockDataDir } from '../db/dir-lock.ts';

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
    'With the embedded database, a running server runs the command for the tool (PGlite allows one process).',
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
const out = (text: string) => console.log(forTerminal(text));
const err = (text: string) => console.error(forTerminal(text));
if (remote) {
  // The server holds the embedded database; it runs the command for us.
  const res = await fetch(`${remote.url}/internal/operator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-secret': remote.secret },
    body: JSON.stringify({ name: command.name, args }),
  });
  const answer = (await res.json()) as { ok: boolean; output?: string; error?: string; usage?: boolean };
  if (answer.ok) out(answer.output ?? '');
  else {
    code = answer.usage ? 2 : 1;
    err(answer.usage ? `${answer.error}\n${usage}` : `Error: ${answer.error}`);
  }
} else {
  // Never open an embedded database a live server holds (one that did not answer above is starting or stuck).
  let release: () => void = () => undefined;
  try {
    if (!config.DATABASE_URL) release = lockDataDir(resolve(config.DATA_DIR), 'operator tool');
  } catch (e) {
    if (!(e instanceof DirLockedError)) throw e;
    err(`Error: ${e.message} and does not answer yet; try again in a moment.`);
    process.exit(1);
  }
  const database = await openDatabase(config);
  try {
    await migrate(database);
    out(await command.run(makeDeps(database, config), args));
  } catch (e) {
    code = e instanceof UsageError ? 2 : 1;
    err(e instanceof UsageError ? `${e.message}\n${usage}` : `Error: ${(e as Error).message}`);
  } finally {
    await database.close();
    release();
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
