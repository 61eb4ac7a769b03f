import type { Plugin } from 'vite';

// Vite 8's helper skips a file some <link> element already names, with this condition...
const LINKED = '(isCss ? preloadedHrefs.styles : preloadedHrefs.all).has(dep.href)';
// ...to which this adds a script the page has already fetched: the server's Link header preloads the first screen's
// files before any script runs, but a header makes no element the helper could see.
const FETCHED = '(!isCss && performance.getEntriesByName(dep.href).length > 0)';

/** Vite's preload helper, without a `<link>` for a script the page already has. */
export function withFetchedCheck(code: string): string {
  const check = `if (${LINKED}) return;`;
  // Vite changed its helper: better a failed build than a check silently lost.
  if (!code.includes(check)) throw new Error('fetched-preloads: Vite\'s preload helper no longer has the check this extends');
  return code.replace(check, `if (${LINKED} || ${FETCHED}) return;`);
}

/**
 * The first screen's import asked Vite's helper to preload the screen's scripts, which the Link header had already
 * fetched: one link element and one resource request each, on the main thread of the page's busiest moment (in CPU
 * profiles of cold loads at 4x, 13 of the 182 ms of script on `/orderrecord`). A script already in the page's
 * resource timing is skipped. Stylesheets are not: the helper's link is what applies them. A later screen's
 * scripts are still preloaded side by side, unless the page has fetched them before.
 */
export function fetchedPreloads(): Plugin {
  return {
    name: 'candlewick:fetched-preloads',
    apply: 'build',
    transform: { filter: { id: /^\0vite\/preload-helper\.js$/ }, handler: withFetchedCheck },
  };
}
