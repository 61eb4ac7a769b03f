import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.ts';

describe('deviceOf (a session\'s device as the member will recognise it)', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome 131', 'Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17', 'iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 'Safari 17', 'macOS'],
  ])('%s: %s on %s', (ua, browser, os) => {
    expect(deviceOf(ua)).toEqual({ browser, os });
  });

  it('names nothing it cannot read, and never throws', () => {
    for (const ua of [undefined, '', '   ']) expect(deviceOf(ua)).toEqual({ browser: '', os: '' });
    expect(() => deviceOf('\u0000\u00ff'.repeat(10_000))).not.toThrow();
  });

  it('keeps each part short and plain, whatever the header says', () => {
    const d = deviceOf(`Mozilla/5.0 (Linux; Android 10) ${'<script>'.repeat(100)}/1.0 ${'x'.repeat(5_000)}`);
    expect(d.browser.length).toBeLessThanOrEqual(40);
    expect(d.os.length).toBeLessThanOrEqual(40);
    expect(`${d.browser}${d.os}`).not.toMatch(/[<>]/);
  });
});
