import type { Plugin } from 'vite';
import { replaceInHelper } from './preload-helper-patch.ts';

// Vite 8's helper skips a file some <link> element already names, with this condition...
const LINKED = '(isCss ? preloadedHrefs.styles : preloadedHrefs.all).has(dep.href)';
// ...to which this adds a script the page has already fetched with no element the helper could see, as a Link
// header's preloads were. Today's pages have none (the boot script's preloads are elements, and the helper never
// asks twice about a file); it stays so that a preload header in front of the app does not make every link again.
const FETCHED = '(!isCss && performance.getEntriesByName(dep.href).length > 0)';
// ...and the imported chunk itself (first in its list: vite.config.ts's resolveDependencies puts it there) when no
// stylesheet holds the import back: the helper calls import() at once then, which fetches that same file.
const IMPORTED_NOW = '(!isCss && depIndex === 0 && !stylesHoldImport())';
const EACH_DEP = 'promise = allSettled(deps.map((depString) => {';
// A stylesheet the import waits for: one no <link rel=stylesheet> names yet (the helper's own list of them, read just
// before the check), or one another import's link is still loading (the helper keeps that link's promise in `seen`
// until it settles, and hands it to every import that needs the file). Asked only when the first script would
// otherwise be linked.
const STYLES_HOLD_IMPORT = `const stylesHoldImport = () => deps.some((depString) => {
			const url = importMetaResolve(assetsURL(depString, importerUrl));
			return isCssPreloadUrl(url) && (seen[url.href] !== void 0 || !preloadedHrefs.styles.has(url.href));
		});
		`;

const replaceOnce = (code: string, find: string, replacement: string) => replaceInHelper('fetched-preloads', code, find, replacement);

/** Vite's preload helper, without a `<link>` for a script the page already has or is about to import anyway. */
export function withFetchedCheck(code: string): string {
  const withHold = replaceOnce(code, EACH_DEP, `${STYLES_HOLD_IMPORT}promise = allSettled(deps.map((depString, depIndex) => {`);
  return replaceOnce(withHold, `if (${LINKED}) return;`, `if (${LINKED} || ${FETCHED} || ${IMPORTED_NOW}) return;`);
}

/**
 * The first screen's import asked Vite's helper to preload the screen's scripts, which a Link header of index.html
 * had already fetched (the boot script's preloads that replaced it are elements, which the helper's own check
 * skips): one link element and one resource request each, on the main thread of the page's busiest moment (in CPU
 * profiles of cold loads at 4x, 13 of the 182 ms of script on `/orderrecord`). A script already in the page's
 * resource timing is skipped. Stylesheets are not: the helper's link is what applies them. A later screen's
 * scripts are still preloaded side by side, unless the page has fetched them before.
 * The chunk being imported is linked only when a stylesheet delays its import(): otherwise the link starts the
 * same fetch as the import() a moment later (the lazily loaded PwaLayer and ResultToast, and every later screen
 * whose stylesheet is already applied, each cost a link of 1-18 ms at 4x on a cold `/orderrecord`).
 */
export function fetchedPreloads(): Plugin {
  return {
    name: 'candlewick:fetched-preloads',
    apply: 'build',
    transform: { filter: { id: /^\0vite\/preload-helper\.js$/ }, handler: withFetchedCheck },
  };
}
