import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** docs/product.md#screens: every route change starts at the top. Query-only changes (profile tabs) keep the scroll. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
