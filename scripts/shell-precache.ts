import { entryFiles } from './entry-graph.ts';

interface Entry {
  readonly url: string;
  readonly revision: string | null;
  readonly size: number;
}

/**
 * A Workbox manifestTransform that keeps only the app shell in the precache: index.html, the JS and CSS it
 * loads at once, and the root files (boot script, icons, manifest). Route chunks are cached when first used.
 */
export function shellPrecache(distDir: () => string) {
  return (entries: Entry[]) => {
    const shell = new Set(entryFiles(distDir()));
    const manifest = entries.filter((e) => {
      const url = e.url.replace(/^\//, '');
      return url.startsWith('assets/') ? shell.has(url) : !url.startsWith('workbox-');
    });
    return Promise.resolve({ manifest, warnings: [] });
  };
}
