import type { Plugin } from 'vite';

/** V8's explicit compile hint: the whole file is compiled eagerly, on the streaming thread (Chrome 136 and later). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks whose functions run as soon as they load (React and the app's own code) for eager compilation.
 * Without the hint V8 compiles each function on the main thread the first time it is called: on a cold first screen
 * that is a large part of React's first render, and the browser already parses these files off the main thread as
 * they stream in. Browsers without the hint read a comment. The hint goes on last, after minification, which would
 * drop it; the file names keep their hash of the code, which the hint does not change.
 * `skip` names the chunks that load many functions and call few (a library used for one feature).
 */
export function compileHints(skip: RegExp): Plugin {
  return {
    name: 'candlewick:compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own generateBundle, which puts its preload map at the top of chunks with dynamic imports.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || skip.test(chunk.name)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
