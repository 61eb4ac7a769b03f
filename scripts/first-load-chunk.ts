import type { Plugin } from 'vite';

/**
 * Facts about the module graph, collected once it is complete (buildEnd runs before chunks are made):
 * - `has`: the app's own modules that the entry imports statically. Grouped into one chunk they cost one request
 *   instead of a dozen tiny files, each of which a slow phone pays a round trip for (Lighthouse's Slow 4G: 150 ms
 *   each, six at a time over HTTP/1.1).
 * - `needsLibrary`: the modules that evaluate `needs` (a library) when they are evaluated, through static imports.
 *   A chunk shared by many screens that held one of them would make every screen download and evaluate it.
 * - `firstScreenNeeds`: the modules that the first screens (the screens a visit most often starts on) import
 *   statically, directly or further down: what they share goes in a chunk of its own, without what only the
 *   other screens share.
 * - `tabScreenNeeds`: the same for the tab screens alone (and what the layout loads with them on every path), so
 *   what only the other first screens share can be a chunk that the tab screens do not load.
 */
export function firstLoadModules(
  entry: RegExp,
  needs: RegExp,
  isFirstScreen: (id: string) => boolean,
  loadsWithTabScreens: (id: string) => boolean,
): {
  plugin: Plugin;
  has: (id: string) => boolean;
  needsLibrary: (id: string) => boolean;
  firstScreenNeeds: (id: string) => boolean;
  tabScreenNeeds: (id: string) => boolean;
} {
  const reachable = new Set<string>();
  const needing = new Set<string>();
  const fromFirstScreens = new Set<string>();
  const fromTabScreens = new Set<string>();
  const reach = (from: readonly string[], into: Set<string>, importsOf: (id: string) => readonly string[]) => {
    const queue = [...from];
    while (queue.length > 0) {
      const id = queue.pop();
      if (id === undefined || into.has(id)) continue;
      into.add(id);
      queue.push(...importsOf(id));
    }
  };
  const plugin: Plugin = {
    name: 'candlewick:first-load-modules',
    apply: 'build',
    buildEnd() {
      reachable.clear();
      needing.clear();
      fromFirstScreens.clear();
      fromTabScreens.clear();
      const ids = [...this.getModuleIds()];
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      reach(ids.filter((id) => entry.test(id)), reachable, importsOf);
      reach(ids.filter(isFirstScreen), fromFirstScreens, importsOf);
      reach(ids.filter(loadsWithTabScreens), fromTabScreens, importsOf);
      // Importers of the library, transitively (static imports only: a dynamic import evaluates nothing at once).
      const importers = new Map<string, string[]>();
      for (const id of ids) {
        for (const dep of importsOf(id)) {
          const list = importers.get(dep);
          if (list) list.push(id);
          else importers.set(dep, [id]);
        }
      }
      reach(ids.filter((id) => needs.test(id)), needing, (id) => importers.get(id) ?? []);
    },
  };
  return {
    plugin,
    has: (id) => reachable.has(id),
    needsLibrary: (id) => needing.has(id),
    firstScreenNeeds: (id) => fromFirstScreens.has(id),
    tabScreenNeeds: (id) => fromTabScreens.has(id),
  };
}
