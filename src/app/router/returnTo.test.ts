import { describe, expect, it } from 'vitest';
import { authPath, safeNext } from './returnTo.ts';

describe('returnTo', () => {
  it('keeps a path inside the app, with its query', () => {
    expect(safeNext('/xq?id=3')).toBe('/xq?id=3');
    expect(safeNext('/wallet')).toBe('/wallet');
  });

  it('refuses other origins, odd values and the login screens themselves', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil', 'wallet', '/login', '/login?next=/x', '/reg']) {
      expect(safeNext(bad)).toBe('/');
    }
  });

  it('builds the login link with next and, after a 401, expired', () => {
    expect(authPath('/login', '/xq?id=3')).toBe('/login?next=%2Fxq%3Fid%3D3');
    expect(authPath('/login', '/wallet', true)).toBe('/login?next=%2Fwallet&expired=1');
    expect(authPath('/login', '/devices', 'idle')).toBe('/login?next=%2Fdevices&expired=idle');
    expect(authPath('/reg', '/')).toBe('/reg');
  });
});
