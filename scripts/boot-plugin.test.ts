import { describe, expect, it } from 'vitest';
import { screenTable } from './boot-plugin.ts';

describe('the boot script\'s table of screen files', () => {
  it('names each file once and lists a path\'s stylesheets before its scripts', () => {
    const table = screenTable({
      '/': { js: ['assets/Home-1.js', 'assets/screens-2.js'], css: ['assets/screens-3.css'] },
      '/hq': { js: ['assets/Market-4.js', 'assets/screens-2.js'], css: ['assets/screens-3.css'] },
      '*': { js: [], css: ['assets/screens-3.css'] },
    });
    expect(table.files).toEqual(['assets/screens-3.css', 'assets/Home-1.js', 'assets/screens-2.js', 'assets/Market-4.js']);
    const named = (path: string) => (table.byPath[path] ?? []).map((i) => table.files[i]);
    expect(named('/')).toEqual(['assets/screens-3.css', 'assets/Home-1.js', 'assets/screens-2.js']);
    expect(named('/hq')).toEqual(['assets/screens-3.css', 'assets/Market-4.js', 'assets/screens-2.js']);
    expect(named('*')).toEqual(['assets/screens-3.css']);
  });
});
