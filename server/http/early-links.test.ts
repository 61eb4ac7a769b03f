import { describe, expect, it } from 'vitest';
import { earlyLinksOf } from './early-links.ts';

describe('index.html Link header', () => {
  it('lists the boot script as a preload and the entry and its modules as modulepreloads, in page order', () => {
    const html = `<head><link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <script src="/assets/boot-abc.js"></script>
      <script type="module" crossorigin src="/assets/index-def.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/stack-123.js">
      <link rel="stylesheet" href="/assets/app-9.css"></head>`;
    expect(earlyLinksOf(html)).toBe('</assets/boot-abc.js>; rel=preload; as=script, </assets/index-def.js>; rel=modulepreload, </assets/stack-123.js>; rel=modulepreload');
  });

  it('is empty for a page with no script of its own (nothing to announce, no header)', () => {
    expect(earlyLinksOf('<!doctype html><div id="root"></div><script src="https://elsewhere.example/x.js"></script>')).toBe('');
  });
});
