import { useSyncExternalStore, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { createMemoryHistory, createPath, type History } from './history.ts';
import { Link, NavLink, Router, useLink } from './navigation.tsx';

/** A router over a memory history the test keeps, so it can read the entries a click made. */
function Routed({ history, children }: { readonly history: History; readonly children: ReactNode }) {
  const location = useSyncExternalStore(history.listen, () => history.location);
  return (
    <Router location={location} history={history}>
      <p data-testid="here">{createPath(location)}</p>
      {children}
    </Router>
  );
}

/** An anchor drawn with the hook, as a list row draws it. */
function RowLink({ to }: { readonly to: string }) {
  const link = useLink({ to });
  return (
    <a href={link.href} onClick={link.onClick}>
      row
    </a>
  );
}

describe('links', () => {
  it('marks the current page on a NavLink, exactly with `end`, and follows a click in the page', async () => {
    const history = createMemoryHistory(['/hq']);
    const screen = await render(
      <Routed history={history}>
        <NavLink to="/" end className="tab">
          home
        </NavLink>
        <NavLink to="/hq" end className="tab">
          market
        </NavLink>
        <NavLink to="/my" className="tab">
          mine
        </NavLink>
      </Routed>,
    );
    const home = screen.getByRole('link', { name: 'home' });
    const market = screen.getByRole('link', { name: 'market' });
    await expect.element(market).toHaveAttribute('aria-current', 'page');
    await expect.element(market).toHaveClass('tab active');
    await expect.element(home).not.toHaveAttribute('aria-current');
    await expect.element(home).toHaveAttribute('href', '/');
    await home.click();
    await expect.element(screen.getByTestId('here')).toHaveTextContent('/');
    await expect.element(home).toHaveAttribute('aria-current', 'page');
    await expect.element(market).not.toHaveClass('active');
  });

  it('marks a section without `end` on its sub-paths', async () => {
    const history = createMemoryHistory(['/my/settings']);
    const screen = await render(
      <Routed history={history}>
        <NavLink to="/my">mine</NavLink>
      </Routed>,
    );
    await expect.element(screen.getByRole('link', { name: 'mine' })).toHaveAttribute('aria-current', 'page');
  });

  it('pushes a new page, replaces the entry on a second tap of the same link, and leaves a modified click to the browser', async () => {
    const history = createMemoryHistory(['/']);
    const screen = await render(
      <Routed history={history}>
        <RowLink to="/xq?id=12" />
        <Link to="/hq">market</Link>
      </Routed>,
    );
    const row = screen.getByRole('link', { name: 'row' });
    await expect.element(row).toHaveAttribute('href', '/xq?id=12');
    await row.click();
    await expect.element(screen.getByTestId('here')).toHaveTextContent('/xq?id=12');
    await row.click();
    await expect.element(screen.getByTestId('here')).toHaveTextContent('/xq?id=12');
    // The first tap pushed an entry and the second replaced it: one step back is where the test began.
    history.go(-1);
    expect(createPath(history.location)).toBe('/');

    history.push('/xq?id=12');
    const market = screen.getByRole('link', { name: 'market' });
    let defaultPrevented: boolean | null = null;
    // On the document, so after the link's own handler (React's, on the root it rendered into).
    const afterTheLink = (event: MouseEvent) => {
      defaultPrevented = event.defaultPrevented;
      // The test stays on its page: the browser would open a new tab here.
      event.preventDefault();
    };
    document.addEventListener('click', afterTheLink, { once: true });
    market.element().dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true, button: 0 }));
    expect(defaultPrevented).toBe(false);
    await expect.element(screen.getByTestId('here')).toHaveTextContent('/xq?id=12');
  });
});
