import { describe, expect, it } from 'vitest';
import { withFetchedCheck } from './fetched-preloads.ts';

describe('withFetchedCheck', () => {
  const helper = `
    promise = allSettled(deps.map((depString) => {
      if ((isCss ? preloadedHrefs.styles : preloadedHrefs.all).has(dep.href)) return;
      const link = document.createElement("link");`;

  it('also skips a script the page has already fetched, never a stylesheet', () => {
    const out = withFetchedCheck(helper);
    expect(out).toContain('(!isCss && performance.getEntriesByName(dep.href).length > 0)');
    expect(out).toContain('const link = document.createElement("link");');
  });

  it('skips the imported chunk itself unless a stylesheet holds the import back', () => {
    const out = withFetchedCheck(helper);
    expect(out).toContain('const stylesHoldImport = () => deps.some(');
    expect(out).toContain('promise = allSettled(deps.map((depString, depIndex) => {');
    expect(out).toContain('(!isCss && depIndex === 0 && !stylesHoldImport())) return;');
  });

  it('fails the build when Vite\'s helper no longer has what it extends', () => {
    expect(() => withFetchedCheck('if (seen.has(dep)) return;')).toThrow(/preload helper/);
    expect(() => withFetchedCheck(helper.replace('depString', 'dep'))).toThrow(/preload helper/);
  });
});
