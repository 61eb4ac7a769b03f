import { string } from 'zod';

/**
 * Importing this evaluates zod's chunk (the library alone, `zod` in vite.config.ts) and nothing of the contract: a
 * screen that loads a form late imports it a task before the form, so the library and the schemas are two tasks.
 * The export is what keeps zod imported: zod declares its modules free of side effects, so a bare `import 'zod'`
 * is dropped from the build (tried).
 */
export const zodLoaded = (): boolean => typeof string === 'function';
