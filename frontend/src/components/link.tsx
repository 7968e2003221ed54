import { useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';

/**
 * The web app's links: an `<a href>` that navigates inside the app on a plain click, for the
 * app's own absolute paths ("/donations?category=2"). React Router's `Link` and `NavLink`
 * resolve relative paths, watch view transitions and prefetching, and set up a navigate hook
 * and a layout effect each: in a browse page's first render they were over a third of the
 * work (Chromium's profiler, issue 44), for features the app does not use. These read the
 * router's navigator (push/replace, the same one `useNavigate` calls) and nothing else.
 */

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the app, with its query if any. */
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** Whether the browser should handle the click itself: another button, a modifier (new tab, download), another target. */
function leftToTheBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.defaultPrevented || event.button !== 0 || (target !== undefined && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

export function Link({ to, replace = false, state, onClick, target, ...rest }: LinkProps) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (leftToTheBrowser(event, target)) return;
    event.preventDefault();
    if (replace) navigator.replace(to, state);
    else navigator.push(to, state);
  };
  return <a href={to} target={target} onClick={follow} {...rest} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
  className?: string;
  children?: ReactNode;
}

/** Whether a link to `to` is the current page (or, without `end`, one of its pages below). */
export function isActivePath(to: string, pathname: string, end: boolean): boolean {
  const path = to.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
  if (pathname === path) return true;
  if (end || path === '/') return false;
  return pathname.startsWith(`${path}/`);
}

/** A navigation link: `aria-current="page"` and the `active` class on the page it leads to. */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const active = isActivePath(rest.to, pathname, end);
  return <Link {...rest} className={active ? `${className ?? ''} active`.trim() : className} aria-current={active ? 'page' : undefined} />;
}
