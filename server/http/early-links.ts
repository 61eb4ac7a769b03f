/**
 * The `Link` header of index.html: the scripts the page loads at once (the boot script and the entry's modules),
 * so the browser starts fetching them when the answer's headers arrive, before it has parsed the page. On a slow
 * connection that is the length of the HTML's download and parse earlier for the largest file of the first screen.
 */
export function earlyLinksOf(html: string): string {
  const links: string[] = [];
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  for (const tag of tags) {
    const src = /\s(?:src|href)="(\/[^"]+\.js)"/.exec(tag)?.[1];
    if (!src) continue;
    if (/^<link/.test(tag) && /\srel="modulepreload"/.test(tag)) links.push(`<${src}>; rel=modulepreload`);
    else if (/^<script/.test(tag) && /\stype="module"/.test(tag)) links.push(`<${src}>; rel=modulepreload`);
    else if (/^<script/.test(tag)) links.push(`<${src}>; rel=preload; as=script`);
  }
  return links.join(', ');
}
