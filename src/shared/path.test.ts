import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePath, parseWithUrl } from './path.ts';

describe('parsePath', () => {
  // What the URL parser makes of it, or that it throws ('//', a host of its own, is no path).
  const orThrows = (read: (to: string) => unknown) => (to: string) => {
    try {
      return read(to);
    } catch {
      return 'throws';
    }
  };
  const byUrl = orThrows(parseWithUrl);
  const ours = orThrows(parsePath);

  it('reads every path as the URL parser does, plain or not', () => {
    const char = fc.constantFrom(...'ab_-09/?=&.#% Ü\\'.split(''));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 16 }), (chars) => {
        const to = `/${chars.join('')}`;
        expect(ours(to)).toEqual(byUrl(to));
      }),
      { numRuns: 5000 },
    );
    for (const to of ['/', '/xq?id=12', '/xq/?id=12&sheet=rise', '//x', '/a/../b', '/x?', '/x?a b', '/x#top', '/%7e'])
      expect(ours(to)).toEqual(byUrl(to));
  });

  it('reads a long path that is nearly plain at once', () => {
    const to = `/${'a'.repeat(5000)}!`;
    expect(parsePath(to).pathname).toBe(to);
  });
});
