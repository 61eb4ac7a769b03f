import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the request id', () => {
  it.each(['abc', 'req-1.2_3', 'a'.repeat(39), '0f8fad5b-d9cb-469f-a165-70867728950e', 'Z'])('keeps the sane given id %s', (id) => {
    expect(requestIdOf(id)).toBe(id);
  });

  it.each([
    ['none', undefined],
    ['an empty one', ''],
    ['one over 64 characters', 'a'.repeat(65)],
    ['spaces', 'a b'],
    ['a slash', 'a/b'],
    ['a quote', 'a"b'],
    ['non-ASCII', 'ñandú'],
    ['a header-injection try', 'a\r\nSet-Cookie: x=1'],
    ['a token-like run the log would mask', 'x'.repeat(40)],
    ['digits like a card number', '6222020200112233'],
  ])('makes a UUID for %s', (_what, given) => {
    const id = requestIdOf(given);
    expect(id).toMatch(UUID);
    expect(id).not.toBe(given);
  });

  it('makes a new one every time', () => {
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});
