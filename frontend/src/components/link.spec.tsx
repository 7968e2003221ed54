// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { isActivePath, Link, NavLink } from './link';

// The app's links read React Router's navigator (its UNSAFE_NavigationContext): these fail if an
// upgrade of the router changes what that context holds, in the data router the app uses and in
// the plain one the component tests use.
afterEach(cleanup);

function Where() {
  const { pathname, search, state } = useLocation();
  return <output data-testid="where">{`${pathname}${search} ${JSON.stringify(state)}`}</output>;
}

function Links() {
  return (
    <nav>
      <Link to="/donations?category=2" state={{ from: 'home' }} data-testid="plain">
        Explorer
      </Link>
      <Link to="/about" replace data-testid="replace">
        À propos
      </Link>
      <NavLink to="/donations" className="site-header__link" data-testid="nav-donations">
        Dons
      </NavLink>
      <NavLink to="/" end className="site-header__link" data-testid="nav-home">
        Accueil
      </NavLink>
      <Where />
    </nav>
  );
}

const withDataRouter = (url: string) => {
  const router = createMemoryRouter([{ path: '*', element: <Links /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('Link', () => {
  it('should be a real anchor and navigate inside the data router on a plain click, with its state', async () => {
    const router = withDataRouter('/');
    const link = screen.getByTestId('plain');
    expect(link.getAttribute('href')).toBe('/donations?category=2');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(() => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/donations?category=2 {"from":"home"}');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('should replace the entry when asked', () => {
    const router = withDataRouter('/');
    fireEvent.click(screen.getByTestId('replace'));
    expect(router.state.location.pathname).toBe('/about');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('should leave a modified or middle click to the browser (new tab, download)', () => {
    withDataRouter('/');
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      screen.getByTestId('plain').dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(screen.getByTestId('where').textContent).toBe('/ null');
  });

  it('should navigate inside a plain MemoryRouter too', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="*" element={<Links />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('plain'));
    expect(screen.getByTestId('where').textContent).toBe('/donations?category=2 {"from":"home"}');
  });
});

describe('NavLink', () => {
  it('should mark the page it leads to, and its pages below unless `end`', () => {
    withDataRouter('/donations/42');
    expect(screen.getByTestId('nav-donations').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-donations').className).toBe('site-header__link active');
    expect(screen.getByTestId('nav-home').getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('nav-home').className).toBe('site-header__link');
  });

  it('should follow the location as the member navigates', () => {
    withDataRouter('/donations');
    fireEvent.click(screen.getByTestId('nav-home'));
    expect(screen.getByTestId('nav-home').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-donations').getAttribute('aria-current')).toBeNull();
  });
});

describe('isActivePath', () => {
  it.each([
    ['/donations', '/donations', false, true],
    ['/donations', '/donations/42', false, true],
    ['/donations', '/donations/42', true, false],
    ['/donations', '/donationsx', false, false],
    ['/donations?category=2', '/donations', false, true],
    ['/', '/', true, true],
    ['/', '/donations', false, false],
    ['/profile/', '/profile', false, true],
  ])('%s at %s (end %s) → %s', (to, pathname, end, active) => {
    expect(isActivePath(to, pathname, end)).toBe(active);
  });
});
