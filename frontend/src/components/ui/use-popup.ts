import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A header popup's open state (user menu, notifications): it closes on navigation, on a click
 * outside `rootRef`'s element, and on Escape.
 */
export function usePopup<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<T>(null);
  const location = useLocation();
  const place = `${location.pathname}${location.search}`;
  const [openedAt, setOpenedAt] = useState(place);

  // Closing on navigation is derived while rendering (React's "adjusting state when a prop
  // changes"), not in an effect, so the popup never paints one frame open on the new page.
  if (openedAt !== place) {
    setOpenedAt(place);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return { open, setOpen, rootRef };
}
