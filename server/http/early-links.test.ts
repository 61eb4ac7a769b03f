import { describe, expect, it } from 'vitest';
import { earlyLinksOf, parseScreenPreloads, screenFilesFor } from './early-links.ts';

describe('index.html Link header', () => {
  it('lists the boot script as a preload and the entry and its modules as modulepreloads, in page order', () => {
    const html = `<head><link rel="icon" href="/favicon.ico" sizes="32x32" />
      <script src="/assets/boot-abc.js"></script>
      <script type="module" crossorigin src="/assets/index-def.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/stack-123.js">
      <link rel="stylesheet" href="/assets/app-9.css"></head>`;
    expect(earlyLinksOf(html)).toBe('</assets/boot-abc.js>; rel=preload; as=script, </assets/index-def.js>; rel=modulepreload, </assets/stack-123.js>; rel=modulepreload');
  });

  it('is empty for a page with no script of its own (nothing to announce, no header)', () => {
    expect(earlyLinksOf('<!doctype html><div id="root"></div><script src="https://elsewhere.example/x.js"></script>')).toBe('');
  });

  it("adds the path's screen stylesheets (crossorigin, as the app inserts them) and code after the entry's", () => {
    const preloads = parseScreenPreloads(JSON.stringify({
      '/xq': { js: ['assets/ProductDetailScreen-1.js', 'assets/screens-2.js'], css: ['assets/screens-3.css'] },
      '*': { js: [], css: ['assets/screens-3.css'] },
    }));
    const html = '<script src="/assets/boot-abc.js"></script><script type="module" crossorigin src="/assets/index-def.js"></script>';
    expect(earlyLinksOf(html, screenFilesFor(preloads, '/xq/'))).toBe(
      '</assets/boot-abc.js>; rel=preload; as=script, </assets/index-def.js>; rel=modulepreload, ' +
        '</assets/screens-3.css>; rel=preload; as=style; crossorigin, </assets/ProductDetailScreen-1.js>; rel=modulepreload, </assets/screens-2.js>; rel=modulepreload',
    );
    expect(screenFilesFor(preloads, '/nowhere')).toEqual({ js: [], css: ['assets/screens-3.css'] });
  });

  it('names no file from a table that is broken or holds something that is not a file name', () => {
    expect(parseScreenPreloads('{not json')).toEqual({});
    expect(parseScreenPreloads(JSON.stringify({ '/': { js: ['assets/a.js', 'x>; rel=preload', 42], css: 'assets/b.css' } }))).toEqual({ '/': { js: ['assets/a.js'], css: [] } });
  });
});
