import type { OperatorCommand } from './registry.ts';

/** Every operator command; each domain's file in commands/ exports its list, added here. */
export const commands: OperatorCommand[] = [];
