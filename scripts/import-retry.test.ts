import { describe, expect, it } from 'vitest';
import { withImportRetry } from './import-retry.ts';

describe('withImportRetry', () => {
  const helper = `function preload(baseModule, deps, importerUrl) {
  let promise = Promise.resolve();
  if (deps && deps.length > 0) {
    promise = allSettled(deps.map((depString) => {}));
  }
  return promise.then((res) => {
    return baseModule().catch(handlePreloadError);
  });
}`;

  it('remembers the imported chunk (first of the files, unless a stylesheet) and imports it through importChunk', () => {
    const out = withImportRetry(helper);
    expect(out).toContain('let importedHref;');
    expect(out).toContain('const imported = importMetaResolve(assetsURL(deps[0], importerUrl));');
    expect(out).toContain('if (!isCssPreloadUrl(imported)) importedHref = imported.href;');
    expect(out).toContain('return importChunk(baseModule, importedHref).catch(handlePreloadError);');
    expect(out).toContain('function importChunk(baseModule, href)');
  });

  it('fails the build when Vite\'s helper no longer has what it changes', () => {
    expect(() => withImportRetry(helper.replace('return baseModule()', 'return base()'))).toThrow(/preload helper/);
    expect(() => withImportRetry(helper.replace('allSettled(deps.map(', 'all(deps.map('))).toThrow(/preload helper/);
  });

  // The added function, run as the helper would: a first failure is thrown; a later one retries under a fresh URL.
  const importChunkOf = (imported: (specifier: string) => Promise<unknown>) => {
    const out = withImportRetry(helper);
    const source = out.slice(out.indexOf('const failedImports'));
    // The helper's `import(specifier)`, pointed at a stand-in: nothing is fetched in a unit test.
    const body = source.replaceAll('import(/* @vite-ignore */ ', 'imported(');
    return new Function('imported', `${body}\nreturn importChunk;`)(imported) as (base: () => Promise<unknown>, href?: string) => Promise<unknown>;
  };

  /** A stand-in for the function Vite hands the helper, showing the source `source` as the built one would. */
  const base = (result: () => Promise<unknown>, source = '()=>import(`./Part.js`)') => Object.assign(result, { toString: () => source });

  it('tries a chunk that failed before under a URL of its own when its own URL fails again', async () => {
    const asked: string[] = [];
    const importChunk = importChunkOf((specifier) => {
      asked.push(specifier);
      return Promise.resolve('fresh');
    });
    const kept = base(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(importChunk(kept, '/assets/Part-1.js')).rejects.toThrow(/Failed to fetch/);
    expect(asked).toEqual([]);
    await expect(importChunk(kept, '/assets/Part-1.js')).resolves.toBe('fresh');
    expect(asked).toEqual(['/assets/Part-1.js?retry=1']);
    // Loaded under its own URL: a later import (a screen's, at each visit) asks for that URL, not the failed one.
    await expect(importChunk(kept, '/assets/Part-1.js')).resolves.toBe('fresh');
    expect(asked).toEqual(['/assets/Part-1.js?retry=1', '/assets/Part-1.js?retry=1']);
  });

  it('takes the plain import when it works, and counts each failed retry', async () => {
    const asked: string[] = [];
    const importChunk = importChunkOf((specifier) => {
      asked.push(specifier);
      return Promise.reject(new Error('offline'));
    });
    const failing = base(() => Promise.reject(new Error('offline')));
    await expect(importChunk(failing, '/assets/Part-2.js')).rejects.toThrow();
    await expect(importChunk(failing, '/assets/Part-2.js')).rejects.toThrow();
    await expect(importChunk(failing, '/assets/Part-2.js')).rejects.toThrow();
    expect(asked).toEqual(['/assets/Part-2.js?retry=1', '/assets/Part-2.js?retry=2']);
    await expect(importChunk(base(() => Promise.resolve('plain')), '/assets/Part-2.js')).resolves.toBe('plain');
    expect(asked).toHaveLength(2);
  });

  it('never stands a module in for an import whose answer is something of it (a `.then` Vite kept inside)', async () => {
    const asked: string[] = [];
    const importChunk = importChunkOf((specifier) => {
      asked.push(specifier);
      return Promise.resolve('module');
    });
    const component = base(() => Promise.reject(new Error('offline')), '() => import("./Part.js").then((m) => m.Part)');
    await expect(importChunk(component, '/assets/Part-3.js')).rejects.toThrow();
    await expect(importChunk(component, '/assets/Part-3.js')).rejects.toThrow();
    expect(asked).toEqual([]);
  });

  it('imports plainly when the helper has no chunk to name', async () => {
    const importChunk = importChunkOf(() => Promise.reject(new Error('not asked')));
    await expect(importChunk(() => Promise.resolve('plain'))).resolves.toBe('plain');
  });
});
