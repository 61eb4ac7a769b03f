import { createContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import { createMemoryHistory, createPath, type History, type Location, parsePath, type To } from './history.ts';

interface Navigation {
  readonly location: Location;
  readonly history: History;
}

const NavigationContext = createContext<Navigation | null>(null);

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('a link or navigation hook outside <Router>');
  return navigation;
}

/** Gives links and hooks the location on show (the router's committed one) and the history they write to. */
export function Router({ location, history, children }: { readonly location: Location; readonly history: History; readonly children: ReactNode }) {
  const value = useMemo(() => ({ location, history }), [location, history]);
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

/** A router in memory over `initialEntries`, showing each location as it comes (tests of one screen or part). */
export function MemoryRouter({ initialEntries, children }: { readonly initialEntries?: readonly string[]; readonly children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  const location = useSyncExternalStore(history.listen, () => history.location);
  return (
    <Router location={location} history={history}>
      {children}
    </Router>
  );
}

export const useLocation = (): Location => useNavigation().location;

export interface NavigateOptions {
  readonly replace?: boolean;
  readonly state?: unknown;
}

export type Navigate = (to: To | number, options?: NavigateOptions) => void;

export function useNavigate(): Navigate {
  const { history } = useNavigation();
  return useMemo<Navigate>(
    () => (to, options) => {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to, options.state);
      else history.push(to, options?.state);
    },
    [history],
  );
}

type SearchInit = URLSearchParams | string | Readonly<Record<string, string>>;

/** The location's query, and a setter that navigates to the same path with another (replace/state as navigate's). */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { location } = useNavigation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
    const query = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(location.search)) : next).toString();
    navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, options);
  };
  return [params, set];
}

/** A click the page should handle: the main button, no modifier (those open a new tab or window), our own tab. */
const ownClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean =>
  !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps {
  readonly to: To;
  readonly replace?: boolean;
  readonly state?: unknown;
}

interface LinkTarget {
  readonly to: To;
  readonly replace?: boolean | undefined;
  readonly state?: unknown;
  readonly onClick?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  readonly target?: string | undefined;
}

/**
 * A link's href and click: a real link (its href opens in a new tab), followed in the page by a plain click. A hook,
 * not only a component, so a row that renders on every tick draws its anchor itself, one component fewer.
 */
export function useLink({ to, replace, state, onClick, target }: LinkTarget): { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void } {
  const { history } = useNavigation();
  const navigate = useNavigate();
  return {
    href: history.createHref(to),
    onClick: (event) => {
      onClick?.(event);
      if (!ownClick(event, target)) return;
      event.preventDefault();
      // A link to where the page already is replaces its entry: a second tap on a tab does not grow the history.
      const same = createPath(history.location) === createPath(to);
      navigate(to, { replace: replace ?? same, state });
    },
  };
}

/** A real link (its href opens in a new tab), followed in the page by a plain click. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const link = useLink({ to, replace, state, onClick, target });
  return <a {...rest} target={target} href={link.href} onClick={link.onClick} />;
}

/** A link that knows it is the current page: `active` class and aria-current="page" (exactly, with `end`). */
export function NavLink({ to, end, className, replace, state, onClick, target, ...rest }: LinkProps & { readonly end?: boolean }) {
  const { location } = useNavigation();
  const link = useLink({ to, replace, state, onClick, target });
  const path = parsePath(to).pathname.replace(/\/+$/, '') || '/';
  const here = location.pathname.replace(/\/+$/, '') || '/';
  const active = here === path || (!end && path !== '/' && here.startsWith(`${path}/`));
  return (
    <a
      {...rest}
      target={target}
      href={link.href}
      onClick={link.onClick}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ')}
      aria-current={active ? 'page' : undefined}
    />
  );
}
