import type { Deps } from '../deps.ts';

/** One operator command: `npm run operator -- <name> [args]`. Each domain adds its own in commands/. */
export interface OperatorCommand {
  readonly name: string;
  /** One line: arguments and what it does. */
  readonly usage: string;
  readonly help: string;
  run(deps: Deps, args: readonly string[]): Promise<string>;
}

/** A usage error: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

/** Reads `--flag value` pairs and bare words. */
export function parseArgs(args: readonly string[]): { flags: Record<string, string>; words: string[] } {
  const flags: Record<string, string> = {};
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.startsWith('--')) {
      const [k, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      if (inline !== undefined) flags[k] = inline;
      else {
        const v = args[i + 1];
        if (v === undefined || v.startsWith('--')) flags[k] = 'true';
        else {
          flags[k] = v;
          i++;
        }
      }
    } else words.push(a);
  }
  return { flags, words };
}
