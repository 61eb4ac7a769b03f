import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTrc20Address, trc20AddressOf } from './trc20.ts';

describe('TRC20 address checksum', () => {
  it('accepts well-known mainnet addresses', async () => {
    // The USDT contract and the all-zero "black hole" address.
    expect(await isTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(await isTrc20Address('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
  });

  it('encodes an all-zero account id to the black-hole address', async () => {
    expect(await trc20AddressOf(new Uint8Array(20))).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
  });

  it('refuses a changed character, a wrong shape and non-base58 characters', async () => {
    expect(await isTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(await isTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(await isTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6O')).toBe(false);
    expect(await isTrc20Address('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false);
    expect(await isTrc20Address('')).toBe(false);
  });

  it('round-trips every account id, and any single-character change breaks it', async () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(33), fc.nat(57), async (id, pos, digit) => {
        const address = await trc20AddressOf(id);
        expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        expect(await isTrc20Address(address)).toBe(true);
        const i = pos + 1; // keep the leading T
        const replacement = alphabet[digit] ?? '1';
        if (replacement === address[i]) return;
        const changed = address.slice(0, i) + replacement + address.slice(i + 1);
        expect(await isTrc20Address(changed)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
