import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the screen yet (it stays true). For photos
 * asked for only when about to be seen: a first visit pays for the photos on its screen, not for
 * those a browser's own lazy loading fetches well ahead (Chrome: 1,250 px and more on a slow
 * network). `margin` is an IntersectionObserver root margin: '0px' for the data saver (once on
 * screen), a part of the screen ahead otherwise, so a scrolling member rarely waits.
 */
export function useSeen(ref: RefObject<Element | null>, margin = '0px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, seen]);
  return seen;
}
