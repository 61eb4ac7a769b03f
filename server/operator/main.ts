import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { makeDeps, openDatabase } from '../start.ts';
import { commands } from './commands.ts';
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
const command = commands.find((c) => c.name === name);
if (!name || name === 'help' || name === '--help' || !command) {
  if (name && name !== 'help' && name !== '--help') console.error(`Unknown command: ${name}\n`);
  console.log(help());
  process.exit(name && !command && name !== 'help' && name !== '--help' ? 2 : 0);
}
const database = await openDatabase(loadConfig());
let code = 0;
try {
  await migrate(database);
  const config = loadConfig();
  console.log(await command.run(makeDeps(database, config), args));
} catch (e) {
  code = e instanceof UsageError ? 2 : 1;
  console.error(e instanceof UsageError ? `${e.message}\nUsage: npm run operator -- ${command.name} ${command.usage}` : `Error: ${(e as Error).message}`);
} finally {
  await database.close();
}
process.exit(code);
