// A path on this origin read into its parts, for the router and its links. No DOM, so its benchmark runs in Node.

/** A path with its query and hash, or its parts. */
export type To = string | { readonly pathname?: string; readonly search?: string; readonly hash?: string };

/**
 * A path the URL parser would give back as it is: letters, digits, `_`, `-` and single slashes, then a query of the
 * same and `=` and `&`. Links to the first screens' rows are such paths, and each row renders on every tick.
 */
const PLAIN_PATH = /^(\/(?:[\w-]+\/)*[\w-]*)(\?[\w\-=&]+)?$/;

/** A path's parts. */
export interface PathParts {
  pathname: string;
  search: string;
  hash: string;
}

/** A string read by the URL parser as a path on this origin: what every path that is not plain goes through. */
export function parseWithUrl(to: string): PathParts {
  const url = new URL(to, 'http://candlewick.invalid/');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** `to` as a path, query and hash; a string is read as a URL path on this origin. */
export function parsePath(to: To): PathParts {
  if (typeof to !== 'string') return { pathname: to.pathname ?? '/', search: to.search ?? '', hash: to.hash ?? '' };
  const plain = PLAIN_PATH.exec(to);
  if (plain) return { pathname: plain[1] ?? '/', search: plain[2] ?? '', hash: '' };
  return parseWithUrl(to);
}

export const createPath = (to: To): string => {
  const { pathname, search, hash } = parsePath(to);
  return `${pathname}${search}${hash}`;
};
