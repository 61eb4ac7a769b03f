import { describe, expect, it } from 'vitest';
import { withFetchedCheck } from './fetched-preloads.ts';

describe('withFetchedCheck', () => {
  const helper = `
    if ((isCss ? preloadedHrefs.styles : preloadedHrefs.all).has(dep.href)) return;
    const link = document.createElement("link");`;

  it('also skips a script the page has already fetched, never a stylesheet', () => {
    const out = withFetchedCheck(helper);
    expect(out).toContain('(!isCss && performance.getEntriesByName(dep.href).length > 0)) return;');
    expect(out).toContain('const link = document.createElement("link");');
  });

  it('fails the build when Vite\'s helper no longer has the check it extends', () => {
    expect(() => withFetchedCheck('if (seen.has(dep)) return;')).toThrow(/preload helper/);
  });
});
