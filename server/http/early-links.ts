/**
 * Where the build writes (scripts/boot-plugin.ts), per path, the files of its screen beyond what the entry loads:
 * `{ "/xq": { "js": [...], "css": [...] }, ..., "*": {...} }`, file names relative to the site's root.
 */
export const SCREEN_PRELOADS = '.vite/screen-preloads.json';

export interface ScreenFiles {
  readonly js: readonly string[];
  readonly css: readonly string[];
}

export type ScreenPreloads = Readonly<Record<string, ScreenFiles>>;

const SAFE_FILE = /^[\w./-]+\.(?:js|css)$/;

/** The build's table, or an empty one when it is missing or not what the build writes (nothing is preloaded then). */
export function parseScreenPreloads(text: string): ScreenPreloads {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Record<string, ScreenFiles> = {};
    for (const [path, files] of Object.entries(parsed)) {
      const { js, css } = (files ?? {}) as { js?: unknown; css?: unknown };
      const list = (v: unknown) => (Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string' && SAFE_FILE.test(f)) : []);
      out[path] = { js: list(js), css: list(css) };
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The `Link` header of index.html: the scripts the page loads at once (the boot script and the entry's modules),
 * then the screen's own code and stylesheets for this path, so the browser starts fetching them when the answer's
 * headers arrive, before it has parsed the page and with no script inserting a preload per file. On a slow
 * connection that is the length of the HTML's download and parse earlier for the largest files of the first screen.
 */
export function earlyLinksOf(html: string, screen?: ScreenFiles): string {
  const links: string[] = [];
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  for (const tag of tags) {
    const src = /\s(?:src|href)="(\/[^"]+\.js)"/.exec(tag)?.[1];
    if (!src) continue;
    if (/^<link/.test(tag) && /\srel="modulepreload"/.test(tag)) links.push(`<${src}>; rel=modulepreload`);
    else if (/^<script/.test(tag) && /\stype="module"/.test(tag)) links.push(`<${src}>; rel=modulepreload`);
    else if (/^<script/.test(tag)) links.push(`<${src}>; rel=preload; as=script`);
  }
  // The app inserts the stylesheets itself (after the base CSS, so the cascade keeps its order), with crossorigin as
  // Vite's loader does: a preload in another credentials mode would go unused.
  for (const file of screen?.css ?? []) links.push(`</${file}>; rel=preload; as=style; crossorigin`);
  for (const file of screen?.js ?? []) links.push(`</${file}>; rel=modulepreload`);
  return links.join(', ');
}

/** The screen files of a page path, as the boot script used to pick them: no trailing slash, else any other path's. */
export function screenFilesFor(preloads: ScreenPreloads, pathname: string): ScreenFiles | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return preloads[path] ?? preloads['*'];
}
