import type { Plugin } from 'vite';

/**
 * Two facts about the module graph, collected once it is complete (buildEnd runs before chunks are made):
 * - `has`: the app's own modules that the entry imports statically. Grouped into one chunk they cost one request
 *   instead of a dozen tiny files, each of which a slow phone pays a round trip for (Lighthouse's Slow 4G: 150 ms
 *   each, six at a time over HTTP/1.1).
 * - `needsLibrary`: the modules that evaluate `needs` (a library) when they are evaluated, through static imports.
 *   A chunk shared by many screens that held one of them would make every screen download and evaluate it.
 */
export function firstLoadModules(entry: RegExp, needs: RegExp): { plugin: Plugin; has: (id: string) => boolean; needsLibrary: (id: string) => boolean } {
  const reachable = new Set<string>();
  const needing = new Set<string>();
  const plugin: Plugin = {
    name: 'candlewick:first-load-modules',
    apply: 'build',
    buildEnd() {
      reachable.clear();
      needing.clear();
      const ids = [...this.getModuleIds()];
      const queue = ids.filter((id) => entry.test(id));
      while (queue.length > 0) {
        const id = queue.pop();
        if (id === undefined || reachable.has(id)) continue;
        reachable.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
      }
      // Importers of the library, transitively (static imports only: a dynamic import evaluates nothing at once).
      const importers = new Map<string, string[]>();
      for (const id of ids) for (const dep of this.getModuleInfo(id)?.importedIds ?? []) importers.set(dep, [...(importers.get(dep) ?? []), id]);
      const up = ids.filter((id) => needs.test(id));
      while (up.length > 0) {
        const id = up.pop();
        if (id === undefined || needing.has(id)) continue;
        needing.add(id);
        up.push(...(importers.get(id) ?? []));
      }
    },
  };
  return { plugin, has: (id) => reachable.has(id), needsLibrary: (id) => needing.has(id) };
}
