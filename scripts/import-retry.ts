import type { Plugin } from 'vite';
import { replaceInHelper } from './preload-helper-patch.ts';

// Where Vite 8's helper starts preloading an import's files (deps[0] is the imported chunk: vite.config.ts's
// resolveDependencies puts it first)...
const EACH_DEP = 'promise = allSettled(deps.map(';
// ...and where it imports the chunk once they are in.
const IMPORT = 'return baseModule().catch(handlePreloadError);';
const DECLARE = 'let promise = Promise.resolve();';

/**
 * A browser that keeps a failed module load (the HTML standard's rule until lately: Chromium 150 did, 156 asks
 * again) fails every later import() of that URL at once, whatever the network does. So an import that failed before
 * in this page, and fails again, is tried once more under a URL of its own: the server answers it with the same file,
 * and the module's own imports (already loaded, for the parts loaded after the first screen) are shared. A browser
 * that asks again never gets that far once the network is back.
 */
const IMPORT_CHUNK = `
const failedImports = new Map();
const loadedAs = new Map();
// Only an import whose answer is the module itself: Vite keeps a \`.then(m => m.X)\` written after import() inside
// the function it hands over (the screens', the reality check's), and a module under another URL is no stand-in there.
const PLAIN_IMPORT = /^\\(\\)\\s*=>\\s*import\\(\\s*["'\\\`][^"'\\\`]+["'\\\`]\\s*\\)$/;
function importChunk(baseModule, href) {
	if (href === void 0 || !PLAIN_IMPORT.test(String(baseModule))) return baseModule();
	// Loaded under its own URL before: the plain one still fails in such a browser.
	const fresh = loadedAs.get(href);
	if (fresh !== void 0) return import(/* @vite-ignore */ fresh);
	const failures = failedImports.get(href) ?? 0;
	const specifier = href + (href.includes("?") ? "&" : "?") + "retry=" + failures;
	const attempt = failures === 0 ? baseModule() : baseModule().catch(() => import(/* @vite-ignore */ specifier).then((module) => {
		loadedAs.set(href, specifier);
		return module;
	}));
	return attempt.then((module) => {
		failedImports.delete(href);
		return module;
	}, (error) => {
		failedImports.set(href, failures + 1);
		throw error;
	});
}
`;

const replaceOnce = (code: string, find: string, replacement: string) => replaceInHelper('import-retry', code, find, replacement);

/** Vite's preload helper, importing a chunk whose import failed before in the page under a fresh URL if need be. */
export function withImportRetry(code: string): string {
  const declared = replaceOnce(code, DECLARE, `${DECLARE}\n\tlet importedHref;`);
  const found = replaceOnce(
    declared,
    EACH_DEP,
    `const imported = importMetaResolve(assetsURL(deps[0], importerUrl));\n\t\tif (!isCssPreloadUrl(imported)) importedHref = imported.href;\n\t\t${EACH_DEP}`,
  );
  return replaceOnce(found, IMPORT, 'return importChunk(baseModule, importedHref).catch(handlePreloadError);') + IMPORT_CHUNK;
}

/**
 * The parts loaded after the first screen (the service worker's layer, the result toast) are tried again at the next
 * `online` event: in a browser that keeps failed module loads, those retries failed at once and the part stayed out
 * until the page was loaded again (the result toast, which also refreshes the balances when an order settles, for as
 * long as the member kept the page). A chunk whose own imports failed too stays failed (the order ticket's sheet
 * offers a reload for that).
 */
export function importRetry(): Plugin {
  return {
    name: 'candlewick:import-retry',
    apply: 'build',
    transform: { filter: { id: /^\0vite\/preload-helper\.js$/ }, handler: withImportRetry },
  };
}
