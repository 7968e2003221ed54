import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec §2: every route change starts at the top. Query-only changes (profile tabs) keep the scroll. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
