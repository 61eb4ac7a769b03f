// One-way layers (DEVELOPERS.md): streams <- workers <- app, charts <- app, contract <- everything.
// Enforced with no-restricted-imports per folder, so a wrong-way import fails `npm run lint`.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ours = (...names) => names.map((n) => `**/${n}/**`);
// The interval table (src/contract/intervals.ts) is plain data that imports nothing: every layer reads the one copy.
const INTERVAL_TABLE = '!**/contract/intervals.ts';
// The forms (src/contract/forms.ts, order-form.ts; what a form is: form-spec.ts) check what they send with the
// contract's own schemas.
const FORMS = ['!**/contract/forms.ts', '!**/contract/order-form.ts', '!**/contract/form-spec.ts'];
// The /limits screen's forms (src/contract/limits-forms.ts), likewise, with the choices they offer.
const LIMITS_FORMS = '!**/contract/limits-forms.ts';
// Error keys and their numbers (src/contract/errors.ts, plain data): the app numbers its own failures from the same table.
const ERROR_TABLE = '!**/contract/errors.ts';
// The service worker handover path (src/contract/handover.ts, one constant): the server answers what the app asks for.
const HANDOVER_PATH = '!**/contract/handover.ts';
// The one polling loop (src/streams/poll-loop.ts, no RxJS): the page's polls run on the worker's own loop.
const POLL_LOOP = '!**/streams/poll-loop.ts';
const APP_FORBIDDEN = [...ours('streams', 'server'), POLL_LOOP];
const APP_LAYER = 'app imports charts and the worker and contract types only (and the polling loop)';
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
  },
});
// Type-only imports across a boundary are allowed where the layer rule says "types only".
const typesOnly = (files, from, message) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [{ group: from, allowTypeImports: true, message }] },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.tmp/', 'server/db/migrations/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'Import files directly; no export *.' }],
    },
  },
  layer(['src/streams/**'], [...ours('workers', 'app', 'charts', 'contract', 'server'), INTERVAL_TABLE], 'streams imports nothing of ours but the interval table'),
  layer(['src/workers/**'], ours('app', 'charts', 'server'), 'workers may import streams and contract types only'),
  typesOnly(['src/workers/**'], [...ours('contract'), INTERVAL_TABLE], 'workers use the contract for types only (and its interval table)'),
  layer(['src/charts/**'], [...ours('workers', 'app', 'server', 'contract'), INTERVAL_TABLE], 'charts may import stream types and the interval table only'),
  typesOnly(['src/charts/**'], ours('streams'), 'charts use stream types only'),
  layer(['src/app/**'], APP_FORBIDDEN, APP_LAYER),
  // Screens read atoms through src/app/state/atomHooks.ts: jotai's own hooks render each reader twice as it mounts.
  {
    files: ['src/app/**'],
    ignores: ['src/app/state/atomHooks.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: APP_FORBIDDEN, message: APP_LAYER }],
          paths: [{ name: 'jotai', importNames: ['useAtomValue', 'useAtom'], message: "Use src/app/state/atomHooks.ts: jotai's hooks render each reader a second time as it mounts." }],
        },
      ],
    },
  },
  typesOnly(['src/app/**'], [...ours('workers', 'contract'), INTERVAL_TABLE, ...FORMS, LIMITS_FORMS, ERROR_TABLE, HANDOVER_PATH], 'app imports worker and contract types only (and the interval table, the forms, the error table and the handover path)'),
  // The one HTTP client of the page and the worker: the contract's types and error table, nothing else of ours.
  layer(['src/http/**'], ours('app', 'workers', 'streams', 'charts', 'server', 'shared'), 'http imports the contract only'),
  typesOnly(['src/http/**'], [...ours('contract'), ERROR_TABLE], 'http uses the contract for types only (and its error table)'),
  layer(['src/contract/**'], ours('app', 'workers', 'streams', 'charts', 'server'), 'the contract imports nothing of ours'),
  // Pure functions both sides must agree on (earnings estimate, address checksum); importable by app and server.
  layer(['src/shared/**'], ours('app', 'workers', 'streams', 'charts', 'server', 'contract'), 'shared imports nothing of ours'),
  layer(['server/**'], ours('app', 'workers', 'streams', 'charts'), 'server imports the contract only'),
  // One clock: the device's time is read only in src/shared/clock.ts (deviceNow, serverNow), so no
  // screen or worker counts on the phone's clock by accident. Tests set their own clocks.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/clock.ts', 'src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Import files directly; no export *.' },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "The device's clock is read only through src/shared/clock.ts (deviceNow, or serverNow with the worker's offset).",
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "new Date() reads the device's clock: use new Date(deviceNow()) or the server's time (src/shared/clock.ts).",
        },
      ],
    },
  },
);
