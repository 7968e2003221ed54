import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

/**
 * Warns before leaving while `unsaved` (typed work not yet sent): the browser's own question on a
 * reload, a closed tab or another address (beforeunload), and the router's blocker for a link or
 * back inside the app, which the caller answers with its own dialog (`blocker.proceed()` /
 * `blocker.reset()`). A change of the query string alone stays on the page and is let through.
 * `release(true)` lets navigations go unasked (while the work is being sent: publishing goes to
 * the new page), `release(false)` warns again (the sending failed).
 */
export function useLeaveWarning(unsaved: boolean): { blocker: Blocker; release: (released: boolean) => void } {
  const unsavedNow = useRef(unsaved);
  useEffect(() => {
    unsavedNow.current = unsaved;
  }, [unsaved]);
  const released = useRef(false);
  const active = () => unsavedNow.current && !released.current;

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!active()) return;
      event.preventDefault();
      event.returnValue = ''; // what older browsers need to ask
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => active() && currentLocation.pathname !== nextLocation.pathname);
  return {
    blocker,
    release: (value) => {
      released.current = value;
    },
  };
}
