/**
 * Vite names the files a dynamic import needs in one list per chunk (`__vite__mapDeps`, its `m.f` array) and each
 * import by indices into it. A stylesheet index.html already carries inline is still in those lists, so the preload
 * helper linked it again at the first screen's import: one request more on a slow connection and every rule twice in
 * the page. This takes such files out of a chunk's list and renumbers the imports' indices.
 */
const LIST = /(__vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=)(\[[^\]]*\])(\)\)\)=>i\.map\(i=>d\[i\]\))/;
const CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

export function withoutPreloadDeps(code: string, drop: ReadonlySet<string>): string {
  const named = [...drop].some((file) => code.includes(`"${file}"`));
  if (!named) return code;
  const list = LIST.exec(code);
  // Vite changed the shape of its list: better a failed build than a stylesheet silently linked twice.
  if (!list) throw new Error('preload-deps: a chunk names an inlined stylesheet outside a __vite__mapDeps list');
  const files = JSON.parse(list[2] ?? '[]') as string[];
  const newIndex = new Map<number, number>();
  const kept: string[] = [];
  files.forEach((file, i) => {
    if (drop.has(file)) return;
    newIndex.set(i, kept.length);
    kept.push(file);
  });
  const renumbered = code.replace(CALL, (_call, indices: string) => {
    const mapped = indices === '' ? [] : indices.split(',').flatMap((i) => newIndex.get(Number(i)) ?? []);
    return `__vite__mapDeps([${mapped.join(',')}])`;
  });
  return renumbered.replace(LIST, (_all, head: string, _old: string, tail: string) => `${head}${JSON.stringify(kept)}${tail}`);
}
