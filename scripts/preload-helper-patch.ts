/**
 * `find` in Vite's preload helper replaced by `replacement`, once. When Vite changes its helper, the build fails
 * (naming the plugin `who`) rather than silently losing what the plugin adds.
 */
export function replaceInHelper(who: string, code: string, find: string, replacement: string): string {
  if (!code.includes(find)) throw new Error(`${who}: Vite's preload helper no longer has \`${find}\``);
  return code.replace(find, replacement);
}
