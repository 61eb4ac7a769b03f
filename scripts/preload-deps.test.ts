import { describe, expect, it } from 'vitest';
import { withoutPreloadDeps } from './preload-deps.ts';

// The shape Vite 8 writes (minified and not): one list per chunk, each import naming its files by index.
const chunk = [
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/Pwa.js","assets/app.css","assets/warm.js","assets/screens.js","assets/screens.css"])))=>i.map(i=>d[i]);',
  'const a=()=>__vitePreload(()=>import("./Pwa.js"),__vite__mapDeps([0,1]));',
  'const b=()=>__vitePreload(()=>import("./warm.js"),__vite__mapDeps([2,3,1,4]));',
  'const c=()=>__vitePreload(()=>import("./x.js"),__vite__mapDeps([1]));',
].join('\n');

/** The files each import asks for, read back from a chunk as the helper would. */
function depsOf(code: string): string[][] {
  const files = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(code)?.[1] ?? '[]') as string[];
  return [...code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].map((m) => (m[1] ? m[1].split(',').map((i) => files[Number(i)] ?? `missing ${i}`) : []));
}

describe('withoutPreloadDeps', () => {
  it("takes an inlined stylesheet out of every import's files and keeps the rest in their order", () => {
    expect(depsOf(chunk)).toEqual([['assets/Pwa.js', 'assets/app.css'], ['assets/warm.js', 'assets/screens.js', 'assets/app.css', 'assets/screens.css'], ['assets/app.css']]);
    const out = withoutPreloadDeps(chunk, new Set(['assets/app.css']));
    expect(depsOf(out)).toEqual([['assets/Pwa.js'], ['assets/warm.js', 'assets/screens.js', 'assets/screens.css'], []]);
    expect(out).not.toContain('app.css');
  });

  it('leaves a chunk that does not name the file as it is', () => {
    const other = chunk.replaceAll('app.css', 'other.css');
    expect(withoutPreloadDeps(other, new Set(['assets/app.css']))).toBe(other);
  });

  it('fails the build when the file is named outside a list it knows', () => {
    expect(() => withoutPreloadDeps('const s="assets/app.css";', new Set(['assets/app.css']))).toThrow(/__vite__mapDeps/);
  });
});
