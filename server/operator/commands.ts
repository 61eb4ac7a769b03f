import { accessCommands } from './commands/access.ts';
import { earnCommands } from './commands/earn.ts';
import { moneyCommands } from './commands/money.ts';
import { supportCommands } from './commands/support.ts';
import { contactCommands } from './commands/contact.ts';
import type { OperatorCommand } from './registry.ts';

/** Every operator command; each domain's file in commands/ exports its list, added here. */
export const commands: OperatorCommand[] = [...accessCommands, ...earnCommands, ...moneyCommands, ...supportCommands, ...contactCommands];
