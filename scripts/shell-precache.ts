import { allPackFiles, entryFiles } from './entry-graph.ts';

interface Entry {
  readonly url: string;
  readonly revision: string | null;
  readonly size: number;
}

/**
 * A Workbox manifestTransform that keeps only the app shell in the precache: index.html, the JS and CSS it
 * loads at once, the language packs (only the member's loads, but it must be there offline from the first visit
 * on) and the root files (boot script, icons, manifest). Route chunks are cached when first used.
 */
export function shellPrecache(distDir: () => string) {
  return (entries: Entry[]) => {
    const shell = new Set([...entryFiles(distDir()), ...allPackFiles(distDir())]);
    const manifest = entries.filter((e) => {
      const url = e.url.replace(/^\//, '');
      return url.startsWith('assets/') ? shell.has(url) : !url.startsWith('workbox-');
    });
    return Promise.resolve({ manifest, warnings: [] });
  };
}
