import type { Context } from 'hono';
import { routePath } from 'hono/route';

/** What no route of ours answered: unknown API paths, and any path the app's pages answered 404. */
export const OTHER = 'other';

/**
 * The route a request is counted and logged under: the pattern of the route that answered it, from the route
 * table (`/api/order/create`, `/assets/*`, `/*` for the app's pages), never the URL, so ids and query strings
 * cannot multiply the label's values. The API's catch-all and any wildcard that answered 404 are `other`.
 */
export function routeLabel(c: Context, status: number): string {
  const pattern = routePath(c);
  if (pattern === '' || pattern === '/api/*') return OTHER;
  if (status === 404 && pattern.includes('*')) return OTHER;
  return pattern;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method, or `other` for anything outside HTTP's usual few (Node parses several dozen). */
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : OTHER);
