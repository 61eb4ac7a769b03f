import { describe, expect, it } from 'vitest';
import { createMicroCache } from './micro-cache.ts';

describe('micro-cache hit and miss counts', () => {
  it('counts a computed answer as a miss and every shared one, in flight or done, as a hit', async () => {
    const counted = { hits: 0, misses: 0 };
    const cache = createMicroCache<number>(10, { hits: { inc: () => void counted.hits++ }, misses: { inc: () => void counted.misses++ } });
    let computed = 0;
    const compute = async () => ++computed;
    const [a, b] = await Promise.all([cache.get('q', 's1', compute), cache.get('q', 's1', compute)]);
    expect([a, b, await cache.get('q', 's1', compute)]).toEqual([1, 1, 1]);
    expect(await cache.get('q', 's2', compute)).toBe(2);
    expect(counted).toEqual({ hits: 2, misses: 2 });
  });
});
