import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
type ViteManifest = Readonly<Record<string, ManifestChunk>>;

/** The script src, modulepreload and stylesheet hrefs of a built index.html, as paths without the leading slash. */
export function htmlReferences(html: string): string[] {
  const refs: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const rel = /\brel="([^"]+)"/.exec(text)?.[1];
    const url = /\b(?:src|href)="([^"]+)"/.exec(text)?.[1];
    if (!url || /^[a-z]+:/i.test(url)) continue;
    if (tag[1] === 'link' && rel !== 'modulepreload' && rel !== 'stylesheet' && rel !== 'preload') continue;
    refs.push(url.replace(/^\//, ''));
  }
  return refs;
}

/**
 * Every JS and CSS file that `/` loads at once: what dist/index.html references, plus the static import graph of
 * the entry chunk from Vite's manifest (`build.manifest: true`). Lazy route chunks (dynamic imports) are left out.
 */
export function entryFiles(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const files = new Set(htmlReferences(html).filter((f) => /\.(?:m?js|css)$/.test(f)));
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) for (const f of staticFiles(manifest, key)) files.add(f);
  return [...files].sort();
}

/**
 * The language pack a new visitor loads at once (locales/<lang>.json's chunk, which the boot script preloads):
 * only the member's language loads, so the default one stands for every visitor in the count.
 */
export function packFiles(distDir: string, lang: string): string[] {
  const manifest = readManifest(distDir);
  const key = `locales/${lang}.json`;
  if (!manifest[key]) throw new Error(`${key} is not a chunk of this build`);
  const atOnce = new Set(entryFiles(distDir));
  return [...staticFiles(manifest, key)].filter((f) => !atOnce.has(f)).sort();
}

/** Every language's pack (the service worker precaches them all, so any member's app starts offline). */
export function allPackFiles(distDir: string): string[] {
  const langs = Object.keys(readManifest(distDir)).flatMap((key) => /^locales\/(\w+)\.json$/.exec(key)?.[1] ?? []);
  return [...new Set(langs.flatMap((lang) => packFiles(distDir, lang)))].sort();
}

function readManifest(distDir: string): ViteManifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
}

/** The JS and CSS files of one chunk (a manifest key such as a screen's source path) and its static imports. */
function staticFiles(manifest: ViteManifest, start: string): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(start);
  return files;
}

/** What a screen (its source path, e.g. src/app/screens/home/HomeScreen.tsx) loads beyond nothing: its static graph. */
export function screenFiles(distDir: string, source: string): string[] {
  const manifest = readManifest(distDir);
  if (!manifest[source]) throw new Error(`${source} is not a chunk of this build`);
  return [...staticFiles(manifest, source)].sort();
}
