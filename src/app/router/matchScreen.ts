import { screenKeys, screenPaths, type ScreenKey } from './screens.ts';

export type RouteScreen = ScreenKey | 'notfound';

// The spec's paths are flat, so a table lookup is the whole matcher (case-insensitive, as React Router matches).
const byPath = new Map<string, ScreenKey>(screenKeys.map((key) => [screenPaths[key].toLowerCase(), key]));

/** The screen a pathname shows: one of the spec's 24, or the not-found screen. A trailing slash is ignored. */
export function matchScreen(pathname: string): RouteScreen {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return byPath.get(path) ?? 'notfound';
}
