// Import cycles: none, over every folder of ours. Type-only imports count too (tsPreCompilationDeps),
// so a shared type lives in a small file that imports nothing of ours instead of in the module that uses it.
// Run by `npm run lint`; offline, about two seconds. dependency-cruiser 17 is the line that still runs on Node 20
// (18 wants 22); madge's TypeScript peer stops at 5, and import-x's no-cycle skips type-only imports.
// The server's wiring: what builds the app and its process from the product folders.
const SERVER_WIRING = '^server/(routes/|app[.]ts$|start[.]ts$|main[.]ts$|services[.]ts$)';
// Tests, and what only tests use: the shared helpers, the multi-process scale tests' own helpers.
const SERVER_TESTS = '([.]test[.]ts$|^server/testing/|^server/scale/)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...appFolderRules(),
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle, type-only ones included: move what both sides need into a file of its own.',
      from: {},
      to: { circular: true },
    },
    // The server points one way, down: the wiring (app.ts, start.ts, main.ts, services.ts, routes/) uses the product
    // folders (auth/, money/, earn/, market/, referral/, support/, operator/, http/, metrics/, domain/, db/), never
    // the other way round. Tests may use anything; only tests use server/testing/.
    {
      name: 'server-no-upward',
      severity: 'error',
      comment: 'Below the wiring: move what the wiring and this module both need down (beside this module), not up.',
      from: { path: '^server/', pathNot: [SERVER_WIRING, SERVER_TESTS] },
      to: { path: SERVER_WIRING },
    },
    {
      name: 'server-testing-only-in-tests',
      severity: 'error',
      comment: 'server/testing/ holds test helpers: only tests (and the benches built on them) import it.',
      from: { pathNot: [SERVER_TESTS, '^bench/'] },
      to: { path: '^server/testing/' },
    },
    {
      name: 'server-db-at-the-bottom',
      severity: 'error',
      comment: 'server/db/ (the client, schema, migrations and row helpers) imports nothing else of the server.',
      from: { path: '^server/db/', pathNot: SERVER_TESTS },
      to: { path: '^server/', pathNot: '^server/db/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^dist/', '^node_modules/', '^test-results/', '^playwright-report/'] },
  },
};

/**
 * src/app's folders, top to bottom: a module may import its own folder and the folders below it, never one above.
 * The wiring (the entry main.tsx, wiring/) puts the app together; screens are built from the frame, the features
 * and the components; the small things everyone needs (links and screen paths in router/, atoms, formatting, the
 * page's API client, languages, storage) sit at the bottom and import nothing above them. Tests and testing/ may
 * reach anything (a test renders the whole app); nothing else imports them. One rule per folder, so lint names the
 * folder an import climbs out of (app-no-import-up-from-<folder>).
 */
function appFolderRules() {
  const APP_FOLDERS = [
    // test helpers (only tests import them), then the wiring
    'testing', 'wiring',
    // what a member sees
    'screens', 'layout', 'results', 'money', 'market', 'balances', 'components',
    // what every screen uses
    'hooks', 'forms', 'router', 'pwa', 'state', 'format', 'api', 'i18n', 'config', 'storage', 'styles',
  ];
  const TESTS = '[.]test[.]tsx?$';
  const ENTRY = '^src/app/[^/]+[.]tsx?$';
  const folders = (names) => `^src/app/(${names.join('|')})/`;
  return [
    ...APP_FOLDERS.map((name, i) => ({
      name: `app-no-import-up-from-${name}`,
      severity: 'error',
      comment:
        `src/app/${name}/ imports only its own folder and those below it (${APP_FOLDERS.slice(i + 1).join(', ') || 'none'}): ` +
        'move what both need down, into the lower folder (appFolderRules in .dependency-cruiser.mjs lists the order).',
      from: { path: folders([name]), pathNot: TESTS },
      to: { path: i === 0 ? ENTRY : `${folders(APP_FOLDERS.slice(0, i))}|${ENTRY}` },
    })),
    {
      name: 'app-folder-listed',
      severity: 'error',
      comment: 'Every folder of src/app has its place in the order (appFolderRules in .dependency-cruiser.mjs): add a new one there.',
      from: { path: '^src/app/[^/]+/', pathNot: folders(APP_FOLDERS) },
      to: {},
    },
  ];
}
