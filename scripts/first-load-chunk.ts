import type { Plugin } from 'vite';

/**
 * The app's own modules that the entry imports statically, collected once the module graph is complete (buildEnd
 * runs before chunks are made). Grouped into one chunk they cost one request instead of a dozen tiny files, each of
 * which a slow phone pays a round trip for (Lighthouse's Slow 4G: 150 ms each, six at a time over HTTP/1.1).
 */
export function firstLoadModules(entry: RegExp): { plugin: Plugin; has: (id: string) => boolean } {
  const reachable = new Set<string>();
  const plugin: Plugin = {
    name: 'candlewick:first-load-modules',
    apply: 'build',
    buildEnd() {
      reachable.clear();
      const start = [...this.getModuleIds()].filter((id) => entry.test(id));
      const queue = [...start];
      while (queue.length > 0) {
        const id = queue.pop();
        if (id === undefined || reachable.has(id)) continue;
        reachable.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
      }
    },
  };
  return { plugin, has: (id) => reachable.has(id) };
}
